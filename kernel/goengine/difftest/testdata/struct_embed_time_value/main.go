package main

import (
	"errors"
	"fmt"
	"math"
	"time"
)

type event struct {
	time.Time
	name string
}

type logEntry struct {
	At  time.Time
	Err error
	D   time.Duration
}

type measure struct {
	v float64
	n [2]float64
}

func main() {
	e := event{time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC), "launch"}
	fmt.Println(e.Year(), e.Format(time.DateOnly), e.name)
	fmt.Println(e)
	fmt.Printf("%v|%s\n", e, e)
	l := logEntry{At: e.Time, D: time.Second}
	fmt.Println(l)
	l.Err = errors.New("bad")
	fmt.Printf("%+v\n", l)
	b := []byte("hello")
	s := string(b)
	b[0] = 'J'
	t := []byte(s)
	t[1] = 'A'
	fmt.Println(s, string(b), string(t))
	nan := math.NaN()
	m1 := measure{v: nan}
	fmt.Println(m1 == m1, [1]float64{nan} == [1]float64{nan}, any(nan) == any(nan))
	keys := map[any]int{1: 1, int64(1): 2, "1": 3, 1.0: 4}
	fmt.Println(len(keys), keys[1], keys[int64(1)], keys[1.0])
	var iface fmt.Stringer = e
	fmt.Println(iface.String() == e.Time.String())
}
