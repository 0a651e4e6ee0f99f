package main

// culab patch 72: method values and method expressions of compiled methods
// promoted to a cell struct.

import (
	"bytes"
	"fmt"
	"strings"
	"time"
)

type event struct {
	time.Time
	name string
}

type doc struct {
	*strings.Builder
	title string
}

type journal struct {
	bytes.Buffer
}

func main() {
	e := event{time.Date(2024, 3, 4, 5, 6, 7, 0, time.UTC), "x"}
	year := e.Year
	fmtr := e.Format
	e.Time = e.Time.AddDate(1, 0, 0)
	fmt.Println(year(), fmtr(time.DateOnly), e.Year())
	yexpr := event.Year
	fmt.Println(yexpr(e))
	d := doc{&strings.Builder{}, "t"}
	write := d.WriteString
	write("abc")
	fmt.Println(d.String(), d.Len())
	lenExpr := doc.Len
	fmt.Println(lenExpr(d))
	var j journal
	jw := (*journal).WriteString
	jw(&j, "entry")
	fmt.Println(j.String())
	m := map[string]doc{"k": d}
	fmt.Println(m["k"].Len(), m["k"].String())
	ds := []doc{d}
	ds[0].WriteString("!")
	fmt.Println(d.String())
}

// Output:
// 2024 2024-03-04 2025
// 2025
// abc 3
// 3
// entry
// 3 abc
// abc!
