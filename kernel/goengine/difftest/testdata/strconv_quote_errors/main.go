package main

import (
	"errors"
	"fmt"
	"strconv"
)

func main() {
	fmt.Println(strconv.Quote("tab\there \"q\" é \x01"), strconv.QuoteToASCII("é☺"), strconv.QuoteRune('☺'))
	s, err := strconv.Unquote(`"a\tb\u00e9"`)
	fmt.Printf("%q %v\n", s, err)
	_, err = strconv.Unquote(`"unterminated`)
	fmt.Println(err)
	for _, in := range []string{"42", "-0x1f", "0b101", "0o17", "1_000", "99999999999999999999", "abc"} {
		v, err := strconv.ParseInt(in, 0, 64)
		fmt.Println(in, v, err)
	}
	_, err = strconv.Atoi("12a")
	var ne *strconv.NumError
	if errors.As(err, &ne) {
		fmt.Println(ne.Func, ne.Num, ne.Err, errors.Is(err, strconv.ErrSyntax))
	}
	_, err = strconv.ParseUint("300", 10, 8)
	fmt.Println(err, errors.Is(err, strconv.ErrRange))
	for _, f := range []float64{3.14159, 1e21, 0.000012, -2.5} {
		fmt.Println(strconv.FormatFloat(f, 'f', 2, 64), strconv.FormatFloat(f, 'e', -1, 64), strconv.FormatFloat(f, 'g', 4, 64))
	}
	b := []byte("n=")
	b = strconv.AppendInt(b, -17, 10)
	b = append(b, ' ')
	b = strconv.AppendBool(b, true)
	b = strconv.AppendQuote(b, "x")
	fmt.Println(string(b), strconv.FormatInt(255, 2), strconv.FormatInt(-255, 16), strconv.Itoa(0))
	v, err := strconv.ParseBool("TRUE")
	fmt.Println(v, err)
	fl, err := strconv.ParseFloat("1e400", 64)
	fmt.Println(fl, err)
}
