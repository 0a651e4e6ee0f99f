package main

import "fmt"

type counter struct{ n int }

func (c *counter) Inc() int { c.n++; return c.n }
func (c counter) Get() int  { return c.n }

type named struct {
	*counter
	name string
}

type incer interface{ Inc() int }

func main() {
	m := map[string]named{}
	for _, k := range []string{"a", "b"} {
		m[k] = named{&counter{}, k}
	}
	m["a"].Inc()
	m["a"].Inc()
	m["b"].Inc()
	fmt.Println(m["a"].Get(), m["b"].Get(), m["a"].n)

	var xs []incer
	for _, k := range []string{"a", "b", "a"} {
		xs = append(xs, m[k])
	}
	for _, x := range xs {
		fmt.Print(x.Inc(), " ")
	}
	fmt.Println()
	inc := m["b"].Inc
	inc()
	fmt.Println(m["b"].Get())
	get := named.Get
	fmt.Println(get(m["a"]), (*counter).Inc(m["a"].counter))
}
