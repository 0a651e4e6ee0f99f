package main

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
