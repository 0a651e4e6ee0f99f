package main

import (
	"fmt"
	"sync"
)

type config struct {
	once  sync.Once
	mu    sync.RWMutex
	data  map[string]string
	inits int
}

func (c *config) load() {
	c.once.Do(func() {
		c.inits++
		c.data = map[string]string{"mode": "fast"}
	})
}

func (c *config) Get(k string) string {
	c.load()
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.data[k]
}

func (c *config) Set(k, v string) {
	c.load()
	c.mu.Lock()
	c.data[k] = v
	c.mu.Unlock()
}

func main() {
	var c config
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = c.Get("mode")
		}()
	}
	wg.Wait()
	c.Set("mode", "safe")
	fmt.Println(c.Get("mode"), c.inits)
}
