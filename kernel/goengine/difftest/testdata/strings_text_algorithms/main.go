package main

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
)

func wordFreq(text string) map[string]int {
	m := map[string]int{}
	for _, w := range strings.FieldsFunc(strings.ToLower(text), func(r rune) bool {
		return !unicode.IsLetter(r) && r != '\''
	}) {
		m[w]++
	}
	return m
}

func caesar(s string, k int) string {
	return strings.Map(func(r rune) rune {
		switch {
		case r >= 'a' && r <= 'z':
			return 'a' + (r-'a'+rune(k)+26)%26
		case r >= 'A' && r <= 'Z':
			return 'A' + (r-'A'+rune(k)+26)%26
		case r == ' ':
			return -1
		}
		return r
	}, s)
}

func rpn(expr string) (float64, error) {
	var st []float64
	for _, tok := range strings.Fields(expr) {
		switch tok {
		case "+", "-", "*", "/":
			if len(st) < 2 {
				return 0, fmt.Errorf("stack underflow at %q", tok)
			}
			a, b := st[len(st)-2], st[len(st)-1]
			st = st[:len(st)-2]
			var r float64
			switch tok {
			case "+":
				r = a + b
			case "-":
				r = a - b
			case "*":
				r = a * b
			case "/":
				r = a / b
			}
			st = append(st, r)
		default:
			f, err := strconv.ParseFloat(tok, 64)
			if err != nil {
				return 0, err
			}
			st = append(st, f)
		}
	}
	if len(st) != 1 {
		return 0, fmt.Errorf("bad expression: %d values left", len(st))
	}
	return st[0], nil
}

func main() {
	f := wordFreq("The cat and the hat. It's the CAT!")
	fmt.Println(f["the"], f["cat"], f["it's"], len(f))
	fmt.Println(caesar("Hello, World", 3), caesar(caesar("Zebra xy", 5), -5))
	for _, e := range []string{"3 4 + 2 *", "1 2 3", "5 +", "2 x +", "1 0 /"} {
		fmt.Println(rpn(e))
	}
	var sb strings.Builder
	for i, r := range "héllo, 世界" {
		if unicode.IsLetter(r) {
			fmt.Fprintf(&sb, "%d:%c ", i, unicode.ToUpper(r))
		}
	}
	fmt.Println(sb.String())
	fmt.Println(strings.Title("go is fun"), strings.EqualFold("Go", "GO"), strings.Count("cheese", "e"), strings.LastIndex("go gopher", "go"))
	fmt.Println(strings.SplitN("a,b,c,d", ",", 2), strings.SplitAfter("a,b", ","), strings.TrimLeft("xxhixx", "x"), strings.TrimPrefix("prefix-body", "prefix-"))
	r := strings.NewReplacer("<", "&lt;", ">", "&gt;")
	fmt.Println(r.Replace("<b>hi</b>"), strings.ContainsAny("hello", "xyz"), strings.IndexFunc("abc1", unicode.IsDigit))
}
