package main

import "fmt"

type Account struct {
	Owner   string
	Balance float64
	History []float64
}

func (a Account) Summary() string {
	return fmt.Sprintf("%s: %.2f (%d ops)", a.Owner, a.Balance, len(a.History))
}

func (a *Account) Deposit(x float64) {
	a.Balance += x
	a.History = append(a.History, x)
}

func (a Account) TryDeposit(x float64) {
	a.Balance += x
	a.History[0] = -999
}

func main() {
	acc := Account{Owner: "ann"}
	acc.Deposit(10)
	acc.Deposit(2.5)
	acc.TryDeposit(100)
	fmt.Println(acc.Summary())
	fmt.Println(acc.History)
	accounts := []Account{{Owner: "a"}, {Owner: "b"}}
	for i := range accounts {
		accounts[i].Deposit(float64(i + 1))
	}
	for _, a := range accounts {
		a.Deposit(1000)
	}
	fmt.Println(accounts[0].Summary(), accounts[1].Summary())
}
