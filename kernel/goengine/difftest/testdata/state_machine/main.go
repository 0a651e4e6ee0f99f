package main

import "fmt"

type State int

const (
	Locked State = iota
	Unlocked
)

func (s State) String() string {
	return map[State]string{Locked: "Locked", Unlocked: "Unlocked"}[s]
}

type Event string

type Turnstile struct {
	state  State
	coins  int
	passes int
}

func (t *Turnstile) Handle(e Event) {
	prev := t.state
	switch {
	case e == "coin":
		t.coins++
		t.state = Unlocked
	case e == "push" && t.state == Unlocked:
		t.passes++
		t.state = Locked
	}
	fmt.Printf("%-4s %v -> %v\n", e, prev, t.state)
}

func main() {
	var t Turnstile
	for _, e := range []Event{"push", "coin", "coin", "push", "push"} {
		t.Handle(e)
	}
	fmt.Printf("%+v\n", t)
}
