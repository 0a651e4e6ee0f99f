// culab patch 38: methods promoted from embedded interface fields.
package main

import "fmt"

type Logger interface{ Log(string) }

type pl struct{ p string }

func (p *pl) Log(s string) { fmt.Println(p.p + s) }

type Service struct {
	Logger
	name string
}

type Only struct{ Logger }

func main() {
	s := Service{Logger: &pl{"> "}, name: "svc"}
	s.Logger.Log("direct")
	s.Log("promoted")
	o := Only{&pl{"# "}}
	o.Log("only")
	var l Logger = s
	l.Log("via iface")
	f := s.Log
	f("method value")
	ps := &s
	ps.Log("through pointer")
}

// Output:
// > direct
// > promoted
// # only
// > via iface
// > method value
// > through pointer
