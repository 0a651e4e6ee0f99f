package main

import "fmt"

type acct struct {
	name string
	bal  int
}

func (a acct) report() string { return fmt.Sprintf("%s:%d", a.name, a.bal) }
func (a *acct) deposit(n int) { a.bal += n }

type reporter interface{ report() string }

func main() {
	a := acct{"a", 10}
	ops := map[string]func() string{}
	ops["value"] = a.report
	pa := &a
	ops["viaptr"] = pa.report
	var r reporter = a
	ops["iface"] = r.report
	dep := a.deposit
	dep(5)
	dep(5)
	fmt.Println(a.bal)
	for _, k := range []string{"value", "viaptr", "iface"} {
		fmt.Println(k, ops[k]())
	}
	fns := []func(int){}
	accts := []acct{{"x", 0}, {"y", 0}}
	for i := range accts {
		fns = append(fns, accts[i].deposit)
	}
	for i, f := range fns {
		f(i + 1)
	}
	fmt.Println(accts)
	var reps []func() string
	for _, ac := range accts {
		reps = append(reps, ac.report)
	}
	accts[0].bal = 99
	for _, f := range reps {
		fmt.Println(f())
	}
	me := (*acct).deposit
	me(&accts[1], 10)
	fmt.Println(accts[1], acct.report(accts[1]))
}
