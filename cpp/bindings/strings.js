// cpp/bindings/strings.js — Embind's std::string and value-object conversions with their
// allocations checked (--js-library, every module: CMakeLists.txt; docs/toolchain.md).
//
// Emscripten 3.1.6 copies each std::string argument (names, seeds, value-object fields) into the
// heap with an unchecked `_malloc`: on a full heap malloc returns 0 (-sABORTING_MALLOC=0) and the
// string is written from address 0 up, over the module's static data once it is longer than the
// 1,024 bytes below it. This redefinition (user JS libraries are merged after the system ones) is
// Embind's own for what fairdeck passes — strings as UTF-8, and Uint8Array/Int8Array/ArrayBuffer
// bytes — with that allocation checked: a RangeError, and nothing written. Text is coded by
// TextEncoder/TextDecoder rather than the runtime's UTF-8 functions, which then leave the glue
// (docs/size.md). Results never leave the module as std::string (common.hpp: Views), so
// fromWireType only serves completeness.
//
// A value object (DeckSpec and the others) is made in the heap, then its fields are written one
// by one; in 3.1.6 a field whose conversion fails (a string that does not fit, or the C++ copy's
// std::bad_alloc) leaves the object and the fields already written allocated for ever, so a full
// heap only got fuller with each refused call. The redefinition below is 3.1.6's own with that
// failure cleaned up: the object is destroyed (freeing its fields) and the error goes on.
mergeInto(LibraryManager.library, {
  _embind_finalize_value_object__deps: ['$structRegistrations', '$runDestructors', '$simpleReadValueFromPointer', '$whenDependentTypesAreResolved'],
  _embind_finalize_value_object: function (structType) {
    var reg = structRegistrations[structType];
    delete structRegistrations[structType];
    var rawConstructor = reg.rawConstructor, rawDestructor = reg.rawDestructor, fieldRecords = reg.fields;
    var fieldTypes = fieldRecords.map(function (field) { return field.getterReturnType; })
      .concat(fieldRecords.map(function (field) { return field.setterArgumentType; }));
    whenDependentTypesAreResolved([structType], fieldTypes, function (fieldTypes) {
      var fields = {};
      fieldRecords.forEach(function (field, i) {
        var getterReturnType = fieldTypes[i], setterArgumentType = fieldTypes[i + fieldRecords.length];
        fields[field.fieldName] = {
          read: function (ptr) { return getterReturnType['fromWireType'](field.getter(field.getterContext, ptr)); },
          write: function (ptr, o) {
            var destructors = [];
            try {
              field.setter(field.setterContext, ptr, setterArgumentType['toWireType'](destructors, o));
            } finally {
              runDestructors(destructors);
            }
          },
        };
      });
      return [{
        name: reg.name,
        'fromWireType': function (ptr) {
          var rv = {};
          for (var i in fields) rv[i] = fields[i].read(ptr);
          rawDestructor(ptr);
          return rv;
        },
        'toWireType': function (destructors, o) {
          for (var fieldName in fields) {
            if (!(fieldName in o)) throw new TypeError('Missing field:  "' + fieldName + '"');
          }
          var ptr = rawConstructor();
          try {
            for (fieldName in fields) fields[fieldName].write(ptr, o[fieldName]);
          } catch (e) {
            rawDestructor(ptr);
            throw e;
          }
          if (destructors !== null) destructors.push(rawDestructor, ptr);
          return ptr;
        },
        'argPackAdvance': 8,
        'readValueFromPointer': simpleReadValueFromPointer,
        destructorFunction: rawDestructor,
      }];
    });
  },
  _embind_register_std_string__deps: ['$readLatin1String', '$registerType', '$simpleReadValueFromPointer', '$throwBindingError', 'malloc', 'free'],
  _embind_register_std_string: function (rawType, name) {
    name = readLatin1String(name);
    registerType(rawType, {
      name: name,
      'fromWireType': function (value) {
        var str = new TextDecoder().decode(HEAPU8.subarray(value + 4, value + 4 + HEAPU32[value >> 2]));
        _free(value);
        return str;
      },
      'toWireType': function (destructors, value) {
        if (value instanceof ArrayBuffer) value = new Uint8Array(value);
        var isString = typeof value == 'string';
        if (!(isString || value instanceof Uint8Array || value instanceof Uint8ClampedArray || value instanceof Int8Array)) {
          throwBindingError('Cannot pass non-string to std::string');
        }
        if (isString) value = new TextEncoder().encode(value);
        var length = value.length;
        var ptr = _malloc(4 + length + 1);
        if (!ptr) throw new RangeError('not enough WASM memory for a ' + length + '-byte string argument (the heap holds at most 4 GiB)');
        HEAPU32[ptr >> 2] = length;
        HEAPU8.set(value, ptr + 4), HEAPU8[ptr + 4 + length] = 0;
        if (destructors !== null) destructors.push(_free, ptr);
        return ptr;
      },
      'argPackAdvance': 8,
      'readValueFromPointer': simpleReadValueFromPointer,
      destructorFunction: function (ptr) { _free(ptr); },
    });
  },
});
