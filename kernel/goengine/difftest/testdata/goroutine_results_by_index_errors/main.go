package main

import (
	"errors"
	"fmt"
	"strconv"
	"sync"
)

func work(s string) (int, error) {
	n, err := strconv.Atoi(s)
	if err != nil {
		return 0, fmt.Errorf("item %q: %w", s, err)
	}
	return n * n, nil
}

func main() {
	inputs := []string{"3", "x", "5", "", "7"}
	results := make([]int, len(inputs))
	errs := make([]error, len(inputs))
	var wg sync.WaitGroup
	for i, s := range inputs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = work(s)
		}()
	}
	wg.Wait()
	fmt.Println(results)
	err := errors.Join(errs...)
	fmt.Println(err)
	var ne *strconv.NumError
	fmt.Println(errors.As(err, &ne), ne.Func, errors.Is(err, strconv.ErrSyntax))
}
