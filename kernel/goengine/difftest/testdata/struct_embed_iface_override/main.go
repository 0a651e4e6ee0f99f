package main

import (
	"errors"
	"fmt"
)

type Store interface {
	Get(k string) (string, error)
	Set(k, v string)
}

type memStore struct{ m map[string]string }

func (s *memStore) Get(k string) (string, error) {
	v, ok := s.m[k]
	if !ok {
		return "", errors.New("missing " + k)
	}
	return v, nil
}
func (s *memStore) Set(k, v string) { s.m[k] = v }

type loggingStore struct {
	Store
	log []string
}

func (l *loggingStore) Set(k, v string) {
	l.log = append(l.log, "set "+k)
	l.Store.Set(k, v)
}

type readOnly struct{ Store }

func (readOnly) Set(k, v string) {}

func main() {
	base := &memStore{m: map[string]string{}}
	ls := &loggingStore{Store: base}
	var s Store = ls
	s.Set("a", "1")
	s.Set("b", "2")
	v, err := s.Get("a")
	fmt.Println(v, err, ls.log)
	_, err = s.Get("zz")
	fmt.Println(err)
	ro := readOnly{base}
	ro.Set("a", "changed")
	v, _ = ro.Get("a")
	fmt.Println(v)
	var empty loggingStore
	defer func() { fmt.Println("recovered:", recover() != nil) }()
	empty.Get("x")
}
