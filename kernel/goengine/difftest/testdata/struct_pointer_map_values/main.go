package main

import (
	"fmt"
	"sort"
)

type account struct {
	owner   string
	balance int
	history []int
}

func main() {
	accts := map[string]*account{}
	for _, op := range []struct {
		who string
		amt int
	}{{"ann", 10}, {"ben", 5}, {"ann", -3}, {"cal", 7}, {"ben", 20}} {
		a, ok := accts[op.who]
		if !ok {
			a = &account{owner: op.who}
			accts[op.who] = a
		}
		a.balance += op.amt
		a.history = append(a.history, op.amt)
	}
	names := make([]string, 0, len(accts))
	for n := range accts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		a := accts[n]
		fmt.Println(a.owner, a.balance, a.history)
	}
	accts["ann"].history[0] = 99
	fmt.Println(accts["ann"].history, len(accts["zed"].ownerOrEmpty()))
}

func (a *account) ownerOrEmpty() string {
	if a == nil {
		return ""
	}
	return a.owner
}
