package main

import (
	"fmt"
	"sort"
	"sync"
)

type fakeResult struct {
	body string
	urls []string
}

var fetcher = map[string]*fakeResult{
	"https://golang.org/":         {"The Go Programming Language", []string{"https://golang.org/pkg/", "https://golang.org/cmd/"}},
	"https://golang.org/pkg/":     {"Packages", []string{"https://golang.org/", "https://golang.org/cmd/", "https://golang.org/pkg/fmt/", "https://golang.org/pkg/os/"}},
	"https://golang.org/pkg/fmt/": {"Package fmt", []string{"https://golang.org/", "https://golang.org/pkg/"}},
	"https://golang.org/pkg/os/":  {"Package os", []string{"https://golang.org/", "https://golang.org/pkg/"}},
}

type visited struct {
	mu   sync.Mutex
	seen map[string]string
}

func (v *visited) claim(url string) bool {
	v.mu.Lock()
	defer v.mu.Unlock()
	if _, ok := v.seen[url]; ok {
		return false
	}
	v.seen[url] = ""
	return true
}

func (v *visited) record(url, what string) {
	v.mu.Lock()
	v.seen[url] = what
	v.mu.Unlock()
}

func crawl(url string, depth int, v *visited, wg *sync.WaitGroup) {
	defer wg.Done()
	if depth <= 0 || !v.claim(url) {
		return
	}
	res, ok := fetcher[url]
	if !ok {
		v.record(url, "not found")
		return
	}
	v.record(url, res.body)
	for _, u := range res.urls {
		wg.Add(1)
		go crawl(u, depth-1, v, wg)
	}
}

func main() {
	v := &visited{seen: map[string]string{}}
	var wg sync.WaitGroup
	wg.Add(1)
	go crawl("https://golang.org/", 4, v, &wg)
	wg.Wait()
	var urls []string
	for u := range v.seen {
		urls = append(urls, u)
	}
	sort.Strings(urls)
	for _, u := range urls {
		fmt.Printf("%s %q\n", u, v.seen[u])
	}
}
