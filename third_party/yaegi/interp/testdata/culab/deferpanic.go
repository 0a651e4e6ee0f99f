// culab patch 39: a panic in a deferred call replaces the frame's panic.
package main

import "fmt"

func replaced() (msg string) {
	defer func() { msg = fmt.Sprint("recovered: ", recover()) }()
	defer func() { panic("second") }()
	panic("first")
}

func fromNormalReturn() (msg string) {
	defer func() { msg = fmt.Sprint("recovered: ", recover()) }()
	defer fmt.Println("still runs")
	defer func() { panic("in defer") }()
	return "normal"
}

func chain() (out []string) {
	defer func() { out = append(out, fmt.Sprint(recover())) }()
	defer func() { out = append(out, "middle"); panic(fmt.Sprint("third after ", recover())) }()
	defer func() { panic("second") }()
	panic("first")
}

func main() {
	fmt.Println(replaced())
	fmt.Println(fromNormalReturn())
	fmt.Println(chain())
	defer func() { fmt.Println("main:", recover()) }()
	defer func() { panic("last") }()
	fmt.Println("end of main")
}

// Output:
// recovered: second
// still runs
// recovered: in defer
// [middle third after second]
// end of main
// main: last
