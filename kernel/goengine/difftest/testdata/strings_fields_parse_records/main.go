package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

type record struct {
	Name  string
	Age   int
	Score float64
}

var errBadLine = errors.New("bad line")

func parse(line string) (record, error) {
	parts := strings.Split(line, ";")
	if len(parts) != 3 {
		return record{}, fmt.Errorf("%q: %w", line, errBadLine)
	}
	age, err := strconv.Atoi(strings.TrimSpace(parts[1]))
	if err != nil {
		return record{}, fmt.Errorf("age of %s: %w", parts[0], err)
	}
	score, err := strconv.ParseFloat(strings.TrimSpace(parts[2]), 64)
	if err != nil {
		return record{}, fmt.Errorf("score of %s: %w", parts[0], err)
	}
	return record{strings.TrimSpace(parts[0]), age, score}, nil
}

func main() {
	input := `ann; 31; 88.5
bob;x;1
cid; 22; 91
broken line
dee; 40; 7e1`
	var good []record
	for i, line := range strings.Split(input, "\n") {
		r, err := parse(line)
		if err != nil {
			fmt.Printf("line %d: %v (bad line: %v)\n", i+1, err, errors.Is(err, errBadLine))
			continue
		}
		good = append(good, r)
	}
	total := 0.0
	for _, r := range good {
		total += r.Score
	}
	fmt.Printf("%d records, mean %.2f\n", len(good), total/float64(len(good)))
	fmt.Printf("%+v\n", good[len(good)-1])
}
