package main

import (
	"fmt"
	"reflect"
	"strings"
)

type Launch struct {
	Kernel  string `cfg:"name"`
	Blocks  int    `cfg:"grid"`
	Threads int
	Shared  []byte `cfg:"smem,omit"`
}

func main() {
	t := reflect.TypeOf(Launch{})
	fmt.Println(t.Kind(), t.NumField())
	for f := range t.Fields() {
		tag, ok := f.Tag.Lookup("cfg")
		fmt.Println(f.Index, f.Name, f.Type, tag, ok)
	}
	v := reflect.ValueOf(Launch{"saxpy", 64, 256, []byte{1}})
	for f, fv := range v.Fields() {
		fmt.Printf("%s=%v ", f.Name, fv.Interface())
	}
	fmt.Println()
	ft := reflect.TypeOf(strings.Repeat)
	for in := range ft.Ins() {
		fmt.Print(in, " ")
	}
	for out := range ft.Outs() {
		fmt.Print("-> ", out)
	}
	fmt.Println()
	p := reflect.ValueOf(&Launch{}).Elem()
	p.FieldByName("Blocks").SetInt(8)
	p.Field(0).SetString("gemm")
	fmt.Printf("%+v %v\n", p.Interface(), p.Field(2).CanSet())
}
