package main

import "fmt"

type acct struct {
	name string
	bal  int
}

func (a acct) report()     { fmt.Println("value:", a.name, a.bal) }
func (a *acct) reportPtr() { fmt.Println("pointer:", a.name, a.bal) }

func run() (result string) {
	a := acct{"a", 1}
	defer a.report()
	defer a.reportPtr()
	defer func() { result += fmt.Sprintf(" final=%d", a.bal) }()
	for i := range 3 {
		defer fmt.Println("loop defer", i, a.bal)
		a.bal += 10
	}
	a.name = "renamed"
	return "returned"
}

func main() {
	fmt.Println(run())
	fns := []func(){}
	accts := []acct{{"x", 1}, {"y", 2}}
	for _, ac := range accts {
		fns = append(fns, ac.report)
	}
	for i := range accts {
		fns = append(fns, accts[i].reportPtr)
	}
	accts[0].bal, accts[1].bal = 100, 200
	for _, f := range fns {
		f()
	}
}
