package main

import (
	"fmt"
	"reflect"
	"time"
)

type point struct{ X, Y int }

func main() {
	fmt.Println(reflect.TypeFor[int](), reflect.TypeFor[[]string]().Kind(), reflect.TypeFor[error]().Kind())
	for i, v := range reflect.ValueOf([]string{"a", "b"}).Seq2() {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	t := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	b, err := t.AppendText([]byte("at "))
	fmt.Println(string(b), err)
	fmt.Println(reflect.TypeFor[point]().NumField())
}
