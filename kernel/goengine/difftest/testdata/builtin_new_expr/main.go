package main

import "fmt"

type Config struct {
	Name    string
	Retries *int
}

func main() {
	// Go 1.26: new takes an expression, for a pointer to its value.
	p := new(42)
	fmt.Printf("%T %d\n", p, *p)
	c := Config{Name: "x", Retries: new(3)}
	*c.Retries++
	fmt.Println(c.Name, *c.Retries)
	s := new([]string{"a", "b"})
	*s = append(*s, "c")
	fmt.Println(*s, len(*s))
	f := new(float64(2) / 4)
	fmt.Println(*f)
}
