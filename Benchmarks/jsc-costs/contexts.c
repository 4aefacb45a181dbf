// What a definition costs JavaScriptCore in a new context (Docs/Benchmarks.md, tenth pass), measured outside the
// package: `contexts MODE COUNT N SOURCE` makes COUNT global contexts in one context group (as the package's VM
// does), each with a global object of a class holding N static values (MODE 1), N static functions (MODE 2) or no
// class (MODE 0), evaluates SOURCE in each and releases it. Run under callgrind at two COUNTs, the difference
// divided by the difference of COUNTs is the cost of one context; jsc-costs.py does that for each case.
// Built against the run-time library alone (the C API's declarations are written out below; no headers needed):
//   cc -O2 contexts.c -o contexts /usr/lib/x86_64-linux-gnu/libjavascriptcoregtk-4.1.so.0
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef const struct OpaqueJSContext *JSContextRef;
typedef struct OpaqueJSContext *JSGlobalContextRef;
typedef const struct OpaqueJSContextGroup *JSContextGroupRef;
typedef struct OpaqueJSString *JSStringRef;
typedef struct OpaqueJSClass *JSClassRef;
typedef const struct OpaqueJSValue *JSValueRef;
typedef struct OpaqueJSValue *JSObjectRef;
typedef JSValueRef (*GetProperty)(JSContextRef, JSObjectRef, JSStringRef, JSValueRef *);
typedef bool (*SetProperty)(JSContextRef, JSObjectRef, JSStringRef, JSValueRef, JSValueRef *);
typedef JSValueRef (*CallAsFunction)(JSContextRef, JSObjectRef, JSObjectRef, size_t, const JSValueRef[], JSValueRef *);
typedef struct { const char *name; GetProperty get; SetProperty set; unsigned attributes; } StaticValue;
typedef struct { const char *name; CallAsFunction call; unsigned attributes; } StaticFunction;
typedef struct {
    int version; unsigned attributes; const char *className; JSClassRef parentClass;
    const StaticValue *staticValues; const StaticFunction *staticFunctions;
    void *initialize, *finalize, *hasProperty, *getProperty, *setProperty, *deleteProperty, *getPropertyNames,
         *callAsFunction, *callAsConstructor, *hasInstance, *convertToType;
} ClassDefinition;

JSContextGroupRef JSContextGroupCreate(void);
JSGlobalContextRef JSGlobalContextCreateInGroup(JSContextGroupRef, JSClassRef);
void JSGlobalContextRelease(JSGlobalContextRef);
JSClassRef JSClassCreate(const ClassDefinition *);
JSStringRef JSStringCreateWithUTF8CString(const char *);
JSValueRef JSEvaluateScript(JSContextRef, JSStringRef, JSObjectRef, JSStringRef, int, JSValueRef *);
JSValueRef JSValueMakeNumber(JSContextRef, double);
JSValueRef JSValueMakeUndefined(JSContextRef);

static JSValueRef one(JSContextRef ctx, JSObjectRef object, JSStringRef name, JSValueRef *exception) {
    return JSValueMakeNumber(ctx, 1);
}

static JSValueRef nothing(JSContextRef ctx, JSObjectRef function, JSObjectRef self, size_t argc,
                          const JSValueRef argv[], JSValueRef *exception) {
    return JSValueMakeUndefined(ctx);
}

int main(int argc, char **argv) {
    if (argc != 5) {
        fprintf(stderr, "usage: contexts MODE(0 none, 1 static values, 2 static functions) COUNT N SOURCE\n");
        return 2;
    }
    int mode = atoi(argv[1]), count = atoi(argv[2]), n = atoi(argv[3]);
    StaticValue *values = calloc(n + 1, sizeof *values);
    StaticFunction *functions = calloc(n + 1, sizeof *functions);
    for (int i = 0; i < n; i++) {
        char *name = malloc(24);
        snprintf(name, 24, "member%d", i);
        values[i] = (StaticValue){ name, one, NULL, 4 };
        functions[i] = (StaticFunction){ name, nothing, 4 };
    }
    ClassDefinition definition;
    memset(&definition, 0, sizeof definition);
    definition.className = "Window";
    if (mode == 1) definition.staticValues = values;
    if (mode == 2) definition.staticFunctions = functions;
    JSClassRef globalClass = mode ? JSClassCreate(&definition) : NULL;
    JSContextGroupRef group = JSContextGroupCreate();
    JSStringRef source = JSStringCreateWithUTF8CString(argv[4]);
    for (int i = 0; i < count; i++) {
        JSGlobalContextRef ctx = JSGlobalContextCreateInGroup(group, globalClass);
        JSValueRef exception = NULL;
        JSEvaluateScript(ctx, source, NULL, NULL, 1, &exception);
        if (exception) { fprintf(stderr, "the source threw\n"); return 1; }
        JSGlobalContextRelease(ctx);
    }
    return 0;
}
