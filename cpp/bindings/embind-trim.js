// cpp/bindings/embind-trim.js — Embind 3.1.6's JS runtime without what these bindings never use
// (--js-library, every module: CMakeLists.txt; docs/size.md). User JS libraries are merged after
// the system ones, so each definition here replaces Embind's; what only the replaced code used
// (smart pointers, base classes, downcasts, 64-bit dynCalls, deleteLater's queue) then leaves the
// glue. Each is Embind's own behaviour for what the bindings bind: classes with no base class,
// held by raw pointer (class_<T>, allow_raw_pointers), and no 64-bit integer in any signature
// (builtins.cpp registers none).
mergeInto(LibraryManager.library, {
  // Embind's debugging helpers on Module (inherited-instance counts, deleteLater's flush hooks).
  $init_embind: function () {},

  // A named function is Embind's wrapper that forwards to `body` (it gives no name without
  // dynamic execution, which the modules are built without): `body` itself does the same.
  $createNamedFunction__deps: [],
  $createNamedFunction: function (name, body) { return body; },

  // The runtime's start-up callbacks are functions (the module's constructors): no {func, arg}
  // records, which only other Emscripten features queue.
  $callRuntimeCallbacks: function (callbacks) {
    while (callbacks.length > 0) callbacks.shift()(Module);
  },

  // A type's name in Embind's unbound-type errors: its id (names need RTTI, which is off), so no
  // module exports ___getTypeName.
  $getTypeName: function (type) { return 'type ' + type; },

  // Every function pointer is called straight from the table: no signature has a 64-bit integer,
  // so none needs a legacy dynCall.
  $embind__requireFunction__deps: ['$readLatin1String', '$throwBindingError'],
  $embind__requireFunction: function (signature, rawFunction) {
    var fp = wasmTable.get(rawFunction);
    if (typeof fp != 'function') throwBindingError('unknown function pointer with signature ' + readLatin1String(signature) + ': ' + rawFunction);
    return fp;
  },

  // A pointer to a class with no base class, never a smart pointer: one of Embind's two plain
  // wire conversions, as Embind itself picks for such a class (else it refuses the registration).
  $RegisteredPointer__deps: ['$constNoSmartPtrRawPointerToWireType', '$nonConstNoSmartPtrRawPointerToWireType',
                             '$init_RegisteredPointer', '$throwBindingError'],
  $RegisteredPointer: function (name, registeredClass, isReference, isConst, isSmartPointer, pointeeType, sharingPolicy,
                                rawGetPointee, rawConstructor, rawShare, rawDestructor) {
    this.name = name;
    this.registeredClass = registeredClass;
    this.isReference = isReference;
    this.isConst = isConst;
    this.isSmartPointer = isSmartPointer;
    this.pointeeType = pointeeType;
    this.sharingPolicy = sharingPolicy;
    this.rawGetPointee = rawGetPointee;
    this.rawConstructor = rawConstructor;
    this.rawShare = rawShare;
    this.rawDestructor = rawDestructor;
    if (isSmartPointer || registeredClass.baseClass !== undefined) {
      throwBindingError(name + ': smart pointers and base classes are not supported (cpp/bindings/embind-trim.js)');
    }
    this['toWireType'] = isConst ? constNoSmartPtrRawPointerToWireType : nonConstNoSmartPtrRawPointerToWireType;
    this.destructorFunction = null;
  },

  // A class with no base class and no constructor (the bindings make every object through a class
  // function): Embind's registration without the base-class lookup, the casts, getActualType,
  // the constructor overloads and the table of pointer types that only smart pointers and
  // downcasts read. Calling the class itself throws, as Embind's does for a class without a
  // constructor.
  _embind_register_class__deps: ['$BindingError', '$ClassHandle', '$createNamedFunction', '$exposePublicSymbol',
                                 '$readLatin1String', '$RegisteredClass', '$RegisteredPointer', '$embind__requireFunction',
                                 '$throwBindingError', '$whenDependentTypesAreResolved'],
  _embind_register_class: function (rawType, rawPointerType, rawConstPointerType, baseClassRawType,
                                    getActualTypeSignature, getActualType, upcastSignature, upcast,
                                    downcastSignature, downcast, name, destructorSignature, rawDestructor) {
    name = readLatin1String(name);
    if (baseClassRawType) throwBindingError(name + ': smart pointers and base classes are not supported (cpp/bindings/embind-trim.js)');
    rawDestructor = embind__requireFunction(destructorSignature, rawDestructor);
    var constructor = createNamedFunction(name, function () {
      throw new BindingError(name + ' has no accessible constructor');
    });
    var instancePrototype = Object.create(ClassHandle.prototype, { constructor: { value: constructor } });
    constructor.prototype = instancePrototype;
    var registeredClass = new RegisteredClass(name, constructor, instancePrototype, rawDestructor);
    exposePublicSymbol(name, constructor);
    whenDependentTypesAreResolved([rawType, rawPointerType, rawConstPointerType], [], function () {
      return [new RegisteredPointer(name, registeredClass, true, false, false),
              new RegisteredPointer(name + '*', registeredClass, false, false, false),
              new RegisteredPointer(name + ' const*', registeredClass, false, true, false)];
    });
  },

  // Functions, class functions and methods with one signature per name (the bindings overload
  // none) and plain names (no "@@" symbols): Embind's registration without its overload tables
  // and argument-count selectors. Registering a name twice throws a BindingError at start-up.
  // Until its types are registered each is, as in Embind, a stub that throws UnboundTypeError.
  $exposePublicSymbol__deps: ['$throwBindingError'],
  $exposePublicSymbol: function (name, value) {
    if (Module.hasOwnProperty(name)) throwBindingError("Cannot register public name '" + name + "' twice (no overloads: cpp/bindings/embind-trim.js)");
    Module[name] = value;
  },
  $embind_bindOnce__deps: ['$throwBindingError', '$throwUnboundTypeError', '$whenDependentTypesAreResolved'],
  $embind_bindOnce: function (target, name, humanName, rawArgTypes, make) {
    if (target.hasOwnProperty(name)) throwBindingError("Cannot register '" + humanName + "' twice (no overloads: cpp/bindings/embind-trim.js)");
    target[name] = function () {
      throwUnboundTypeError('Cannot call ' + humanName + ' due to unbound types', rawArgTypes);
    };
    whenDependentTypesAreResolved([], rawArgTypes, function (argTypes) {
      target[name] = make(argTypes);
      return [];
    });
  },
  _embind_register_function__deps: ['$craftInvokerFunction', '$embind_bindOnce', '$heap32VectorToArray',
                                    '$readLatin1String', '$embind__requireFunction'],
  _embind_register_function: function (name, argCount, rawArgTypesAddr, signature, rawInvoker, fn) {
    var rawArgTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    name = readLatin1String(name);
    rawInvoker = embind__requireFunction(signature, rawInvoker);
    embind_bindOnce(Module, name, name, rawArgTypes, function (argTypes) {
      return craftInvokerFunction(name, [argTypes[0], null].concat(argTypes.slice(1)), null, rawInvoker, fn);
    });
  },
  _embind_register_class_function__deps: ['$craftInvokerFunction', '$embind_bindOnce', '$heap32VectorToArray',
                                          '$readLatin1String', '$embind__requireFunction', '$whenDependentTypesAreResolved'],
  _embind_register_class_function: function (rawClassType, methodName, argCount, rawArgTypesAddr, invokerSignature,
                                             rawInvoker, context) {
    var rawArgTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    methodName = readLatin1String(methodName);
    rawInvoker = embind__requireFunction(invokerSignature, rawInvoker);
    whenDependentTypesAreResolved([], [rawClassType], function (classType) {
      classType = classType[0];
      var humanName = classType.name + '.' + methodName;
      embind_bindOnce(classType.registeredClass.instancePrototype, methodName, humanName, rawArgTypes, function (argTypes) {
        return craftInvokerFunction(humanName, argTypes, classType, rawInvoker, context);
      });
      return [];
    });
  },
  _embind_register_class_class_function__deps: ['$craftInvokerFunction', '$embind_bindOnce', '$heap32VectorToArray',
                                                '$readLatin1String', '$embind__requireFunction', '$whenDependentTypesAreResolved'],
  _embind_register_class_class_function: function (rawClassType, methodName, argCount, rawArgTypesAddr, invokerSignature,
                                                   rawInvoker, fn) {
    var rawArgTypes = heap32VectorToArray(argCount, rawArgTypesAddr);
    methodName = readLatin1String(methodName);
    rawInvoker = embind__requireFunction(invokerSignature, rawInvoker);
    whenDependentTypesAreResolved([], [rawClassType], function (classType) {
      var humanName = classType[0].name + '.' + methodName;
      embind_bindOnce(classType[0].registeredClass.constructor, methodName, humanName, rawArgTypes, function (argTypes) {
        return craftInvokerFunction(humanName, [argTypes[0], null].concat(argTypes.slice(1)), null, rawInvoker, fn);
      });
      return [];
    });
  },

  // A returned pointer becomes a new handle of exactly its class: what Embind returns for such a
  // class, without its lookups of subclass wrappers and dynamic types.
  $RegisteredPointer_fromWireType__deps: ['$makeClassHandle'],
  $RegisteredPointer_fromWireType: function (ptr) {
    var rawPointer = this.getPointee(ptr);
    if (!rawPointer) {
      this.destructor(ptr);
      return null;
    }
    return makeClassHandle(this.registeredClass.instancePrototype, { ptrType: this, ptr: rawPointer });
  },

  // emval's debugging helpers on Module (count_emval_handles, get_first_emval): nothing reads them.
  $init_emval__deps: [],
  $init_emval: function () {},

  // A new handle of a raw pointer: Embind's own record, without its checks for smart pointers
  // (none is ever made here) and without a finalizer, which Embind only ever registers for a
  // handle that holds a smart pointer: with raw pointers its FinalizationRegistry never holds
  // anything, so a handle is freed by delete() alone, as before (the package's decks page and
  // free their own: docs/memory.md). The record is a plain property of an object made from the
  // class's prototype: Embind's Object.create with a property descriptor cost more than the rest
  // of `new Deck()`'s JavaScript (docs/memory.md).
  $makeClassHandle__deps: [],
  $makeClassHandle: function (prototype, record) {
    record.count = { value: 1 };
    var handle = Object.create(prototype);
    handle.$$ = record;
    return handle;
  },

  // Its last release runs the class's destructor (there is no smart pointer to release instead).
  $releaseClassHandle__deps: [],
  $releaseClassHandle: function ($$) {
    if (--$$.count.value === 0) $$.ptrType.registeredClass.rawDestructor($$.ptr);
  },

  // Embind's delete() for such a handle: no deleteLater() queue, no finalizer to detach.
  $ClassHandle_delete__deps: ['$releaseClassHandle', '$throwInstanceAlreadyDeleted'],
  $ClassHandle_delete: function () {
    if (!this.$$.ptr) throwInstanceAlreadyDeleted(this);
    releaseClassHandle(this.$$);
    this.$$.ptr = undefined;
  },

  // Handles have delete() and isDeleted() (web/src/instantiate.ts's Handle), not Embind's
  // clone(), isAliasOf() or deleteLater(), which nothing in the package calls.
  $init_ClassHandle__deps: ['$ClassHandle_delete', '$ClassHandle_isDeleted'],
  $init_ClassHandle: function () {
    ClassHandle.prototype['delete'] = ClassHandle_delete;
    ClassHandle.prototype['isDeleted'] = ClassHandle_isDeleted;
  },
});
