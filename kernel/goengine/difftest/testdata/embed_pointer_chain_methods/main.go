package main

import "fmt"

type Base struct{ hits int }

func (b *Base) Hit()        { b.hits++ }
func (b Base) Hits() int    { return b.hits }
func (b *Base) Reset() bool { b.hits = 0; return true }

type Mid struct {
	*Base
	label string
}

func (m Mid) Describe() string { return fmt.Sprintf("%s:%d", m.label, m.Hits()) }

type Top struct {
	Mid
	extra int
}

type Hitter interface {
	Hit()
	Hits() int
}

func main() {
	t := Top{Mid: Mid{Base: &Base{}, label: "t"}}
	t.Hit()
	t.Mid.Hit()
	t.Base.Hit()
	fmt.Println(t.Hits(), t.Describe())
	copyT := t // copies the pointer: both see the same Base
	copyT.Hit()
	fmt.Println(t.Hits(), copyT.Hits())
	var h Hitter = t // Top has Hit through the embedded *Base
	h.Hit()
	fmt.Println(t.Describe(), h.Hits())
	hit := t.Hit
	hit()
	fmt.Println(t.Hits(), t.Reset(), t.Hits())
	fs := []func(){t.Hit, t.Mid.Hit}
	for _, f := range fs {
		f()
	}
	fmt.Println(t.Describe())
}
