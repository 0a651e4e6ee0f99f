package goengine

import (
	"reflect"

	"github.com/traefik/yaegi/interp"
)

// Compiled functions that walk a value by recursion end the process with
// Go's fatal stack overflow on one nested millions deep (v = []any{v} in a
// loop): reflect.DeepEqual of two such values ended the engine. They are
// refused past maxNesting levels, as fmt and the codecs are (yaegi patches
// 42 and 145), by a walk without recursion.

// maxNesting is the interpreter's bound for fmt and codecs.
const maxNesting = 10_000

// deeperThan reports whether v nests more than limit levels: pointers,
// elements, fields, map entries (an interface holding a level is none).
func deeperThan(v reflect.Value, limit int) bool {
	type item struct {
		v     reflect.Value
		depth int
	}
	type visit struct {
		ptr uintptr
		typ reflect.Type
	}
	seen := map[visit]bool{}
	stack := []item{{v, 0}}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		v, next := it.v, it.depth+1
		if it.depth > limit {
			return true
		}
		switch v.Kind() {
		case reflect.Interface:
			if !v.IsNil() {
				stack = append(stack, item{v.Elem(), it.depth})
			}
		case reflect.Pointer, reflect.Map, reflect.Slice:
			if v.IsNil() || v.Kind() != reflect.Pointer && !nests(v.Type().Elem()) && (v.Kind() != reflect.Map || !nests(v.Type().Key())) {
				continue
			}
			k := visit{v.Pointer(), v.Type()}
			if seen[k] {
				continue
			}
			seen[k] = true
			switch v.Kind() {
			case reflect.Pointer:
				stack = append(stack, item{v.Elem(), next})
			case reflect.Map:
				for it := v.MapRange(); it.Next(); {
					stack = append(stack, item{it.Key(), next}, item{it.Value(), next})
				}
			default:
				for i := range v.Len() {
					stack = append(stack, item{v.Index(i), next})
				}
			}
		case reflect.Array:
			if nests(v.Type().Elem()) {
				for i := range v.Len() {
					stack = append(stack, item{v.Index(i), next})
				}
			}
		case reflect.Struct:
			for i := range v.NumField() {
				if nests(v.Type().Field(i).Type) {
					stack = append(stack, item{v.Field(i), next})
				}
			}
		}
	}
	return false
}

// nests reports whether a value of type t may hold others.
func nests(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Interface, reflect.Pointer, reflect.Map, reflect.Slice, reflect.Array, reflect.Struct:
		return true
	}
	return false
}

// deepEqual is the cells' reflect.DeepEqual.
func deepEqual(x, y any) bool {
	for _, v := range []any{x, y} {
		if deeperThan(reflect.ValueOf(v), maxNesting) {
			panic(&interp.StackOverflow{Depth: maxNesting, Func: "reflect.DeepEqual, comparing a value nested that deep (does it hold itself?)"})
		}
	}
	return reflect.DeepEqual(x, y)
}
