package main

import "fmt"

type account struct {
	owner   string
	balance int
}

func main() {
	byID := map[int]*account{1: {"ann", 10}, 2: {"ben", 20}}
	byID[1].balance += 5
	byID[2].owner = "benjamin"
	for _, id := range []int{1, 2} {
		fmt.Println(*byID[id])
	}
	vals := map[int]account{1: {"cy", 1}}
	a := vals[1]
	a.balance = 99
	fmt.Println(vals[1], a)
	vals[1] = a
	fmt.Println(vals)
}
