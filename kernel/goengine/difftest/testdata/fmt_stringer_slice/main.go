package main

import "fmt"

type Suit int

const (
	Spades Suit = iota
	Hearts
	Diamonds
	Clubs
)

func (s Suit) String() string { return [...]string{"♠", "♥", "♦", "♣"}[s] }

func main() {
	hand := []Suit{Hearts, Spades, Clubs}
	fmt.Println(hand)
	fmt.Printf("%v %d %s\n", hand, hand, hand)
	arr := [2]Suit{Diamonds, Hearts}
	fmt.Println(arr)
	fmt.Println([][]Suit{{Spades}, {Hearts, Clubs}})
}
