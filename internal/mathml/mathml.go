// Package mathml renders TeX formulas as MathML on the server, with KaTeX
// (katex.min.js 0.16.22, MIT, KATEX_LICENSE) run by goja, a JavaScript
// interpreter in Go: pages show formulas with no script and no font of
// KaTeX's, since browsers lay MathML out themselves.
package mathml

import (
	_ "embed"
	"fmt"
	"sync"

	"github.com/dop251/goja"
)

//go:embed katex.min.js
var katexJS string

var (
	compileOnce sync.Once
	program     *goja.Program
	compileErr  error
	// runtimes are interpreters with KaTeX loaded; a goja runtime serves
	// one goroutine at a time.
	runtimes sync.Pool
)

type runtime struct {
	vm     *goja.Runtime
	render goja.Callable
}

func get() (*runtime, error) {
	compileOnce.Do(func() {
		program, compileErr = goja.Compile("katex.min.js", katexJS, true)
	})
	if compileErr != nil {
		return nil, compileErr
	}
	if r, ok := runtimes.Get().(*runtime); ok {
		return r, nil
	}
	vm := goja.New()
	if _, err := vm.RunProgram(program); err != nil {
		return nil, fmt.Errorf("loading KaTeX: %w", err)
	}
	katex := vm.Get("katex")
	if katex == nil {
		return nil, fmt.Errorf("loading KaTeX: no katex object")
	}
	render, ok := goja.AssertFunction(katex.ToObject(vm).Get("renderToString"))
	if !ok {
		return nil, fmt.Errorf("loading KaTeX: no renderToString")
	}
	return &runtime{vm: vm, render: render}, nil
}

// Render is formula as a MathML <math> element (display: a block of its
// own). A formula KaTeX cannot read renders as its TeX in red, KaTeX's
// way of showing the error, rather than failing the page.
func Render(formula string, display bool) (string, error) {
	r, err := get()
	if err != nil {
		return "", err
	}
	opts := r.vm.NewObject()
	_ = opts.Set("output", "mathml")
	_ = opts.Set("displayMode", display)
	_ = opts.Set("throwOnError", false)
	_ = opts.Set("trust", false)
	_ = opts.Set("maxSize", 50)
	_ = opts.Set("maxExpand", 1000)
	out, err := r.render(goja.Undefined(), r.vm.ToValue(formula), opts)
	if err != nil {
		// The runtime may be in any state after an exception: not reused.
		return "", err
	}
	runtimes.Put(r)
	return out.String(), nil
}
