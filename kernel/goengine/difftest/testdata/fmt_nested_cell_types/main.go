package main

import "fmt"

type Suit int

func (s Suit) String() string { return [...]string{"♠", "♥", "♦", "♣"}[s] }

type Card struct {
	Rank int
	Suit Suit
}

func (c Card) String() string { return fmt.Sprintf("%d%v", c.Rank, c.Suit) }

type Hand struct {
	Owner string
	Cards []Card
	Best  *Card
}

type Table struct {
	Hands   []Hand
	BySuit  map[Suit][]Card
	Trump   Suit
	history [2]Card
}

func main() {
	best := Card{12, 1}
	h := Hand{"ana", []Card{{10, 0}, best}, &best}
	t := Table{
		Hands:   []Hand{h},
		BySuit:  map[Suit][]Card{1: {best}, 0: {{10, 0}}},
		Trump:   3,
		history: [2]Card{{2, 2}, {3, 3}},
	}
	fmt.Println(h.Cards, *h.Best, h.Best)
	fmt.Printf("%v\n", t.BySuit)
	fmt.Printf("%+v\n", t.Hands[0].Cards)
	fmt.Println(t.Trump, t.history)
	fmt.Printf("%s|%d\n", t.Trump, t.Trump)
	fmt.Printf("%v %+v\n", struct{ S Suit }{2}, struct{ C Card }{best})
}
