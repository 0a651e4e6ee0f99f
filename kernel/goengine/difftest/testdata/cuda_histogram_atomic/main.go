package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

func main() {
	text := "the quick brown fox jumps over the lazy dog and then some more text for bins"
	const bins = 7
	var hist [bins]int32
	var wg sync.WaitGroup
	chunk := 10
	for start := 0; start < len(text); start += chunk {
		end := min(start+chunk, len(text))
		wg.Add(1)
		go func(part string) {
			defer wg.Done()
			for i := 0; i < len(part); i++ {
				if c := part[i]; c >= 'a' && c <= 'z' {
					atomic.AddInt32(&hist[int(c-'a')*bins/26], 1)
				}
			}
		}(text[start:end])
	}
	wg.Wait()
	fmt.Println(hist)
	var serial [bins]int32
	for _, c := range []byte(text) {
		if c >= 'a' && c <= 'z' {
			serial[int(c-'a')*bins/26]++
		}
	}
	fmt.Println(serial == hist)
	var total atomic.Int64
	var maxBin atomic.Int32
	for i := range hist {
		wg.Add(1)
		go func(v int32) {
			defer wg.Done()
			total.Add(int64(v))
			for {
				cur := maxBin.Load()
				if v <= cur || maxBin.CompareAndSwap(cur, v) {
					return
				}
			}
		}(hist[i])
	}
	wg.Wait()
	fmt.Println(total.Load(), maxBin.Load())
}
