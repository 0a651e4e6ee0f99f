package main

import "fmt"

type point struct{ x, y int }

func (p point) String() string { return fmt.Sprintf("(%d,%d)", p.x, p.y) }
func (p *point) Move(dx int)   { p.x += dx }

func main() {
	p := point{1, 2}
	show := p.String
	move := p.Move
	p.x = 10
	move(5)
	fmt.Println(show(), p.String(), p)

	ps := []point{{0, 0}, {1, 1}}
	var shows []func() string
	for _, q := range ps {
		shows = append(shows, q.String)
	}
	for i := range ps {
		ps[i].Move(100)
	}
	for _, f := range shows {
		fmt.Print(f(), " ")
	}
	fmt.Println(ps)

	var s fmt.Stringer = p
	f := s.String
	p.x = -1
	fmt.Println(f(), fmt.Stringer.String(s), (*point).String(&p))
}
