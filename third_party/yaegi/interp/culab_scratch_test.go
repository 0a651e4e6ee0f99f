package interp_test

import (
	"fmt"
	"os"
	"reflect"
	"testing"

	"github.com/traefik/yaegi/interp"
	"github.com/traefik/yaegi/stdlib"
)

func dumpv(v reflect.Value, ind string) {
	if !v.IsValid() {
		fmt.Println(ind, "invalid")
		return
	}
	fmt.Printf("%s%v kind=%v: %#v\n", ind, v.Type(), v.Kind(), v)
	if v.Kind() == reflect.Interface && !v.IsNil() {
		dumpv(v.Elem(), ind+"  ")
	}
}

func TestScratch(t *testing.T) {
	i := interp.New(interp.Options{Stdout: os.Stdout, MaxStackFrames: 200000})
	i.Use(stdlib.Symbols)
	i.Use(interp.Exports{"dbg/dbg": {"Dump": reflect.ValueOf(func(a ...any) {
		for _, x := range a {
			dumpv(reflect.ValueOf(x), "")
		}
	})}})
	src, _ := os.ReadFile("/tmp/scratch/prog.go")
	if _, err := i.Eval(string(src)); err != nil {
		t.Fatal(err)
	}
}
