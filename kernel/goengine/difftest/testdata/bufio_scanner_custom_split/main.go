package main

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"strings"
)

func commaSplit(data []byte, atEOF bool) (int, []byte, error) {
	if i := bytes.IndexByte(data, ','); i >= 0 {
		return i + 1, bytes.TrimSpace(data[:i]), nil
	}
	if atEOF && len(data) > 0 {
		return len(data), bytes.TrimSpace(data), nil
	}
	return 0, nil, nil
}

var errStop = errors.New("stop token")

func main() {
	sc := bufio.NewScanner(strings.NewReader("a, bb ,ccc,,d"))
	sc.Split(commaSplit)
	for sc.Scan() {
		fmt.Printf("%q ", sc.Text())
	}
	fmt.Println(sc.Err())

	long := bufio.NewScanner(strings.NewReader("short\n" + strings.Repeat("x", 40) + "\nafter"))
	long.Buffer(make([]byte, 8), 16)
	for long.Scan() {
		fmt.Println("line:", long.Text())
	}
	fmt.Println(long.Err(), errors.Is(long.Err(), bufio.ErrTooLong))

	st := bufio.NewScanner(strings.NewReader("1 2 STOP 3"))
	st.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		adv, tok, err := bufio.ScanWords(data, atEOF)
		if string(tok) == "STOP" {
			return 0, nil, errStop
		}
		return adv, tok, err
	})
	for st.Scan() {
		fmt.Print(st.Text(), ";")
	}
	fmt.Println(st.Err())

	rs := bufio.NewScanner(strings.NewReader("héj\xff"))
	rs.Split(bufio.ScanRunes)
	for rs.Scan() {
		fmt.Printf("%q ", rs.Bytes())
	}
	fmt.Println()
	final := bufio.NewScanner(strings.NewReader("x,y"))
	final.Split(func(data []byte, atEOF bool) (int, []byte, error) {
		if !atEOF {
			return 0, nil, nil
		}
		return len(data), data, bufio.ErrFinalToken
	})
	for final.Scan() {
		fmt.Println("final:", final.Text())
	}
	fmt.Println(final.Err())
}
