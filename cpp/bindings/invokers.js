// cpp/bindings/invokers.js — Embind's JS invokers without `new Function`, at the speed of the
// eval'd ones (--js-library, linked into every module: CMakeLists.txt; docs/toolchain.md).
//
// An invoker is the JS function that Embind puts on the module for every bound function and
// method: it checks the argument count, converts each argument to its wire type, calls the C++
// invoker, runs the arguments' destructors and converts the result. Emscripten 3.1.6 writes each
// one as source text and compiles it with `new Function`, which a Content-Security-Policy without
// 'unsafe-eval' forbids. Its eval-free mode (-sDYNAMIC_EXECUTION=0, which this project builds
// with) uses one generic invoker instead: `arguments` and `apply` over arrays that are shared
// between calls — 130–270 ns a call against 8–27 ns, and not re-entrant (a binding re-entered from
// a callback while its arguments are being converted overwrites them: one is leaked, another
// freed twice). Emscripten 3.1.51+ solves this with -sEMBIND_AOT, which 3.1.6 does not have.
//
// This file redefines `$craftInvokerFunction`. User JS libraries are merged after the system
// ones, so this definition replaces Embind's. Each invoker here is a closure specialised by arity
// (0 to 2 arguments, all the bindings have; more take a per-call array), so V8 compiles it
// like the eval'd code: no `apply`, no arrays shared between calls, and a destructor list only
// when an argument type needs one, allocated per call (re-entrant: tests/unit/embind.test.ts).
// Kept from Embind's own: the argument-count BindingError, `this` checked by the class's wire
// conversion (the invoker is a `function`, never an arrow, so it sees the handle), a fresh
// function per binding (overload tables write `.argCount` on it), and the quoted 'toWireType' /
// 'fromWireType' keys, which closure would otherwise rename.
mergeInto(LibraryManager.library, {
  $craftInvokerFunction__deps: ['$runDestructors', '$throwBindingError'],
  $craftInvokerFunction: function (humanName, argTypes, classType, cppInvokerFunc, cppTargetFunc) {
    if (argTypes.length < 2) throwBindingError("argTypes array size mismatch! Must at least get return value and 'this' types!");
    var expected = argTypes.length - 2;
    var isMethod = argTypes[1] !== null && classType !== null;
    // A type with no destructorFunction property needs a destructor list (Embind's rule).
    var needsStack = false;
    for (var i = 1; i < argTypes.length; ++i) {
      if (argTypes[i] !== null && argTypes[i].destructorFunction === undefined) needsStack = true;
    }
    var retType = argTypes[0], returns = retType.name !== 'void';
    var self = isMethod ? argTypes[1] : null;
    var t0 = argTypes[2], t1 = argTypes[3];
    // Without a destructor list, each wired value that has a destructor gets it after the call.
    var dtor = function (type) { return !needsStack && type && type.destructorFunction ? type.destructorFunction : null; };
    var dThis = dtor(self), d0 = dtor(t0), d1 = dtor(t1);
    var fn = cppTargetFunc, call = cppInvokerFunc;
    var arity = function (n) {
      throwBindingError('function ' + humanName + ' called with ' + n + ' arguments, expected ' + expected + ' args!');
    };
    // The result: the conversions of the three result types the hot methods have are written out
    // (Embind's own: `!!` for bool, `>>> 0` for unsigned int, as is for int); others call theirs.
    var from = !returns ? function () { return undefined; }
      : retType.name === 'bool' ? function (rv) { return !!rv; }
      : retType.name === 'unsigned int' ? function (rv) { return rv >>> 0; }
      : retType.name === 'int' ? function (rv) { return rv; }
      : function (rv) { return retType['fromWireType'](rv); };
    var done = function (destructors, rv) {
      if (destructors !== null) runDestructors(destructors);
      return from(rv);
    };
    // `this` first (a method's handle), then the arguments. A live, non-const handle of exactly the
    // method's class gives its pointer here, with the very checks of Embind's conversion for a
    // class with no base class and no smart pointer (the only kind embind-trim.js allows), but no
    // call; anything else (a deleted handle, another class, not a handle) goes to that conversion,
    // which refuses it. Saves a few ns on every method call (BENCHMARKS.md, the deck52 twins).
    var cls = isMethod ? self.registeredClass : null;
    var wireThis = function (destructors, handle) {
      if (!isMethod) return 0;
      var $$ = handle !== null && handle !== undefined ? handle.$$ : undefined;
      if ($$ !== undefined && $$.ptr && $$.ptrType.registeredClass === cls && !$$.ptrType.isConst) return $$.ptr;
      return self['toWireType'](destructors, handle);
    };
    switch (isMethod * 8 + Math.min(expected, 3)) {
      case 0: return function () {
        if (arguments.length !== 0) arity(arguments.length);
        return done(null, call(fn));
      };
      case 1: return function (a) {
        if (arguments.length !== 1) arity(arguments.length);
        var ds = needsStack ? [] : null;
        var w0 = t0['toWireType'](ds, a);
        var rv = call(fn, w0);
        if (d0) d0(w0);
        return done(ds, rv);
      };
      case 2: return function (a, b) {
        if (arguments.length !== 2) arity(arguments.length);
        var ds = needsStack ? [] : null;
        var w0 = t0['toWireType'](ds, a), w1 = t1['toWireType'](ds, b);
        var rv = call(fn, w0, w1);
        if (d0) d0(w0);
        if (d1) d1(w1);
        return done(ds, rv);
      };
      case 8: return function () {
        if (arguments.length !== 0) arity(arguments.length);
        var ds = needsStack ? [] : null;
        var w = wireThis(ds, this);
        var rv = call(fn, w);
        if (dThis) dThis(w);
        return done(ds, rv);
      };
      case 9: return function (a) {
        if (arguments.length !== 1) arity(arguments.length);
        var ds = needsStack ? [] : null;
        var w = wireThis(ds, this), w0 = t0['toWireType'](ds, a);
        var rv = call(fn, w, w0);
        if (dThis) dThis(w);
        if (d0) d0(w0);
        return done(ds, rv);
      };
      case 10: return function (a, b) {
        if (arguments.length !== 2) arity(arguments.length);
        var ds = needsStack ? [] : null;
        var w = wireThis(ds, this), w0 = t0['toWireType'](ds, a), w1 = t1['toWireType'](ds, b);
        var rv = call(fn, w, w0, w1);
        if (dThis) dThis(w);
        if (d0) d0(w0);
        if (d1) d1(w1);
        return done(ds, rv);
      };
      default: return function () {
        // Three or more arguments (no binding has them): a per-call array (never shared, so
        // re-entrant), then a spread call.
        if (arguments.length !== expected) arity(arguments.length);
        var ds = needsStack ? [] : null;
        var wired = isMethod ? [fn, wireThis(ds, this)] : [fn];
        var first = wired.length;
        for (var k = 0; k < expected; ++k) wired.push(argTypes[k + 2]['toWireType'](ds, arguments[k]));
        var rv = call.apply(null, wired);
        if (!needsStack) {
          if (isMethod && dThis) dThis(wired[1]);
          for (var j = 0; j < expected; ++j) {
            var dj = argTypes[j + 2].destructorFunction;
            if (dj) dj(wired[first + j]);
          }
        }
        return done(ds, rv);
      };
    }
  },
});
