package main

import (
	"errors"
	"fmt"
	"sort"
	"strings"
)

var ErrInsufficient = errors.New("insufficient funds")

type Bank struct {
	accounts map[string]int
	log      []string
}

func (b *Bank) Transfer(from, to string, amt int) (err error) {
	defer func() {
		status := "ok"
		if err != nil {
			status = err.Error()
		}
		b.log = append(b.log, fmt.Sprintf("%s->%s %d: %s", from, to, amt, status))
	}()
	if b.accounts[from] < amt {
		return fmt.Errorf("transfer %d from %s: %w", amt, from, ErrInsufficient)
	}
	b.accounts[from] -= amt
	b.accounts[to] += amt
	return nil
}

func main() {
	b := &Bank{accounts: map[string]int{"ann": 100, "bob": 20}}
	b.Transfer("ann", "bob", 30)
	err := b.Transfer("bob", "cy", 80)
	fmt.Println(errors.Is(err, ErrInsufficient))
	b.Transfer("bob", "cy", 50)
	fmt.Println(strings.Join(b.log, "\n"))
	names := make([]string, 0, len(b.accounts))
	for n := range b.accounts {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Println(n, b.accounts[n])
	}
}
