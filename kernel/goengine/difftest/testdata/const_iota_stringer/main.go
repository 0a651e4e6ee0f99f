package main

import "fmt"

type State uint8

const (
	Idle State = iota + 1
	Running
	Stopped
)

var stateNames = map[State]string{Idle: "idle", Running: "running", Stopped: "stopped"}

func (s State) String() string {
	if n, ok := stateNames[s]; ok {
		return n
	}
	return fmt.Sprintf("State(%d)", uint8(s))
}

type Flags uint

const (
	Read Flags = 1 << iota
	Write
	Exec
)

func (f Flags) Has(x Flags) bool { return f&x != 0 }

func main() {
	fmt.Println(Idle, Running, Stopped, State(0), State(9))
	fmt.Printf("%v %d %s %x\n", Running, Running, Stopped, Stopped)
	rw := Read | Write
	fmt.Println(rw, rw.Has(Write), rw.Has(Exec), Exec)
}
