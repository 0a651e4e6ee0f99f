package main

import "fmt"

type Speaker interface{ Speak() string }

type dog struct{ name string }

func (d dog) Speak() string { return d.name + " says woof" }

type robot struct{ id int }

func (r *robot) Speak() string { r.id++; return fmt.Sprint("beep ", r.id) }

func main() {
	speakers := []Speaker{dog{"rex"}, &robot{7}}
	var calls []func() string
	for _, s := range speakers {
		calls = append(calls, s.Speak)
	}
	for _, c := range calls {
		fmt.Println(c())
	}
	fmt.Println(calls[1]())
	f := Speaker.Speak
	fmt.Println(f(dog{"fido"}))
}
