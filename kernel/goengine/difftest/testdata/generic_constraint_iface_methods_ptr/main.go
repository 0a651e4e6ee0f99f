package main

import (
	"fmt"
	"sort"
	"strings"
)

type Resetter[T any] interface {
	*T
	Reset()
	Load(string) error
}

type config struct {
	pairs map[string]string
}

func (c *config) Reset() { c.pairs = map[string]string{} }

func (c *config) Load(s string) error {
	for _, kv := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok {
			return fmt.Errorf("bad pair %q", kv)
		}
		c.pairs[k] = v
	}
	return nil
}

func Parse[T any, PT Resetter[T]](s string) (T, error) {
	var v T
	p := PT(&v)
	p.Reset()
	err := p.Load(s)
	return v, err
}

type Keyed interface {
	comparable
	Key() string
}

type sku string

func (s sku) Key() string { return strings.ToUpper(string(s)) }

func Index[K Keyed](items []K) map[string][]K {
	out := map[string][]K{}
	for _, it := range items {
		out[it.Key()] = append(out[it.Key()], it)
	}
	return out
}

func main() {
	c, err := Parse[config]("a=1;b=2")
	keys := make([]string, 0)
	for k := range c.pairs {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	fmt.Println(keys, c.pairs["b"], err)
	_, err = Parse[config]("a=1;oops")
	fmt.Println(err)
	idx := Index([]sku{"ab", "AB", "cd"})
	fmt.Println(len(idx), idx["AB"], idx["CD"])
}
