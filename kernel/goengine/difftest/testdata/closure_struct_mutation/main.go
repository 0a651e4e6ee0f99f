package main

import "fmt"

type account struct {
	owner   string
	balance int
	log     []string
}

func (a *account) apply(ops ...func(*account)) {
	for _, op := range ops {
		op(a)
	}
}

func deposit(n int) func(*account) {
	return func(a *account) {
		a.balance += n
		a.log = append(a.log, fmt.Sprint("+", n))
	}
}

func withdraw(n int) func(*account) {
	return func(a *account) {
		if a.balance < n {
			a.log = append(a.log, fmt.Sprint("refused ", n))
			return
		}
		a.balance -= n
		a.log = append(a.log, fmt.Sprint("-", n))
	}
}

func main() {
	acc := account{owner: "ann"}
	acc.apply(deposit(100), withdraw(30), withdraw(100), deposit(5))
	fmt.Println(acc.balance, acc.log)
	copyAcc := acc
	copyAcc.apply(deposit(1))
	fmt.Println(acc.balance, copyAcc.balance, len(acc.log), len(copyAcc.log))
	counter := struct{ n int }{}
	inc := func() { counter.n++ }
	inc()
	inc()
	fmt.Println(counter.n)
	points := []struct{ x, y int }{{1, 2}, {3, 4}}
	scale := func(k int) {
		for i := range points {
			points[i].x *= k
		}
	}
	scale(10)
	fmt.Println(points)
	byName := map[string]*account{"ann": &acc}
	byName["ann"].apply(withdraw(10))
	fmt.Println(acc.balance)
}
