package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

func main() {
	for _, in := range []string{"42", "-0x1f", "0b101", "9999999999999999999", "4x", ""} {
		v, err := strconv.ParseInt(in, 0, 64)
		var ne *strconv.NumError
		if errors.As(err, &ne) {
			fmt.Printf("%q: %v (func %s, range %v, syntax %v)\n", in, v, ne.Func,
				errors.Is(err, strconv.ErrRange), errors.Is(err, strconv.ErrSyntax))
			continue
		}
		fmt.Printf("%q: %d\n", in, v)
	}
	u, err := strconv.ParseUint("300", 10, 8)
	fmt.Println(u, err)
	buf := []byte("n=")
	buf = strconv.AppendInt(buf, -17, 10)
	buf = append(buf, ' ')
	buf = strconv.AppendQuote(buf, "tab\there")
	buf = append(buf, ' ')
	buf = strconv.AppendBool(buf, true)
	buf = append(buf, ' ')
	buf = strconv.AppendFloat(buf, 1.0/3, 'f', 4, 64)
	fmt.Println(string(buf))
	for _, s := range []string{"1", "t", "FALSE", "yes"} {
		b, err := strconv.ParseBool(s)
		fmt.Print(b, " ", err != nil, "; ")
	}
	fmt.Println()
	fmt.Println(strconv.FormatInt(255, 2), strconv.FormatInt(-255, 16), strconv.Itoa(1<<20))
	q := strconv.Quote("héllo\n\"x\"")
	uq, err := strconv.Unquote(q)
	fmt.Println(q, uq == "héllo\n\"x\"", err, strconv.QuoteToASCII("é"), strconv.QuoteRune('☺'))
	before, after, found := strings.Cut("key=value=x", "=")
	fmt.Println(before, after, found, strings.EqualFold("Go", "GO"))
	f, err := strconv.ParseFloat("1e400", 64)
	fmt.Println(f, errors.Is(err, strconv.ErrRange))
}
