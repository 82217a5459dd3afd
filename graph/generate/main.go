// Command generate writes Folio's GraphQL code from graph/schema: the
// executor graph/generated/generated.go, the models graph/model/models_gen.go
// and the resolver files of package graph. It is what `make generate` runs,
// from the module root:
//
//	go run ./graph/generate            write the code (make generate)
//	go run ./graph/generate -patch     write upstream.patch from templates/ (make generate-patch)
//	go run ./graph/generate -refresh   apply upstream.patch onto the gqlgen in go.mod (make generate-refresh)
//
// The executor is gqlgen's, rendered with Folio's copies of gqlgen's exec
// templates (templates/, gqlgen's codegen/*.gotpl). They differ from
// gqlgen's only in that the generated code calls the runtime functions of
// graph/gqlruntime where gqlgen's calls their originals in package graphql,
// marshals a list's objects in place, and answers a plain field (plain.go)
// in place, through gqlruntime's Plain* functions, before ResolveField,
// and a plain object field by marshalling its value at once;
// upstream.patch is that whole difference, the file to review. Each function of gqlruntime has a
// differential test against its original.
//
// Why templates and not a rewrite of the generated code: the change is made
// where gqlgen decides what to write, in gqlgen's own terms (a field, an
// object, a list's element type), so the output needs no post-processing;
// a rewrite, by text or by syntax tree, recognises gqlgen's output by its
// shape, which an upgrade changes without telling it. With templates an
// upgrade tells: -refresh re-applies the patch onto the new templates and
// stops at the first hunk that no longer applies, and generate checks that
// the rendered code calls none of the replaced functions.
//
// Why not api.Generate with a plugin: api.Generate renders the executor
// with the templates compiled into gqlgen (codegen.GenerateCode) after every
// plugin has run, and offers no way to replace them. So run does the steps
// of api.Generate itself, in its order, with the plugins it would use for
// Folio's gqlgen.yml (modelgen and resolvergen; no federation), and renders
// the executor as codegen.GenerateCode does for a single-file layout, with
// these templates. On a gqlgen upgrade -refresh shows what changed in
// api/generate.go and codegen/generate.go, to bring run along.
package main

import (
	"bytes"
	"embed"
	"errors"
	"flag"
	"fmt"
	"go/ast"
	"go/format"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"text/template"

	"github.com/99designs/gqlgen/codegen"
	"github.com/99designs/gqlgen/codegen/config"
	"github.com/99designs/gqlgen/codegen/templates"
	"github.com/99designs/gqlgen/plugin"
	"github.com/99designs/gqlgen/plugin/modelgen"
	"github.com/99designs/gqlgen/plugin/resolvergen"
	"golang.org/x/tools/imports"
)

//go:embed templates/*.gotpl
var embedded embed.FS

// execTemplates are the templates the executor is rendered with.
var execTemplates, _ = fs.Sub(embedded, "templates")

func main() {
	patch := flag.Bool("patch", false, "write upstream.patch: the difference of templates/ from the gqlgen in go.mod")
	refresh := flag.Bool("refresh", false, "rewrite templates/ as the gqlgen in go.mod's templates with upstream.patch applied")
	flag.Parse()
	var err error
	switch {
	case *patch:
		err = writePatch(".")
	case *refresh:
		err = refreshTemplates(".")
	default:
		err = run("gqlgen.yml", true)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "generate:", err)
		os.Exit(1)
	}
}

// run generates the code configured by the gqlgen configuration file
// cfgFile, whose paths are relative to the working directory, and builds
// the packages written to when validate is set (and the configuration does
// not skip validation).
func run(cfgFile string, validate bool) error {
	cfg, err := config.LoadConfig(cfgFile)
	if err != nil {
		return err
	}
	if cfg.Federation.IsDefined() {
		return errors.New("federation is configured, which this generator does not do (api.Generate adds its plugin)")
	}

	// From here on, api.Generate's steps in its order (gqlgen v0.17.98,
	// api/generate.go), less those for plugins that are not used: none of
	// modelgen and resolvergen injects schema sources.
	_ = os.Remove(cfg.Exec.Filename)
	var plugins []plugin.Plugin
	if cfg.Model.IsDefined() {
		_ = os.Remove(cfg.Model.Filename)
		plugins = append(plugins, modelgen.New())
	}
	plugins = append(plugins, resolvergen.New())
	if cfg.LocalPrefix != "" {
		imports.LocalPrefix = cfg.LocalPrefix
	}
	if err := cfg.LoadSchema(); err != nil {
		return fmt.Errorf("failed to load schema: %w", err)
	}
	codegen.ClearInlineArgsMetadata()
	if err := codegen.ExpandInlineArguments(cfg.Schema); err != nil {
		return fmt.Errorf("failed to expand inline arguments: %w", err)
	}
	if err := cfg.Init(); err != nil {
		return fmt.Errorf("generating core failed: %w", err)
	}
	if cfg.Exec.Layout != config.ExecLayoutSingleFile {
		return fmt.Errorf("exec layout %q: the executor is rendered as one file (%s)", cfg.Exec.Layout, config.ExecLayoutSingleFile)
	}
	for _, p := range plugins {
		if mut, ok := p.(plugin.SchemaMutator); ok {
			if err := mut.MutateSchema(cfg.Schema); err != nil {
				return fmt.Errorf("%s: %w", p.Name(), err)
			}
		}
	}
	for _, p := range plugins {
		if mut, ok := p.(plugin.ConfigMutator); ok {
			if err := mut.MutateConfig(cfg); err != nil {
				return fmt.Errorf("%s: %w", p.Name(), err)
			}
		}
	}
	dataPlugins := make([]any, len(plugins))
	for i, p := range plugins {
		dataPlugins[i] = p
	}
	data, err := codegen.BuildData(cfg, dataPlugins...)
	if err != nil {
		return fmt.Errorf("merging type systems failed: %w", err)
	}
	for _, p := range plugins {
		if gen, ok := p.(plugin.CodeGenerator); ok {
			if err := gen.GenerateCode(data); err != nil {
				return fmt.Errorf("%s: %w", p.Name(), err)
			}
		}
	}

	// codegen.GenerateCode for a single file, with Folio's templates.
	err = templates.Render(templates.Options{
		PackageName:     cfg.Exec.Package,
		Filename:        cfg.Exec.Filename,
		Data:            data,
		RegionTags:      true,
		GeneratedHeader: true,
		Packages:        cfg.Packages,
		TemplateFS:      execTemplates,
		PruneOptions:    cfg.GetPruneOptions(),
		Funcs:           template.FuncMap{"plainField": plainField, "plainObject": plainObjectField},
	})
	if err != nil {
		return fmt.Errorf("generating core failed: %w", err)
	}
	if err := checkExecutor(cfg.Exec.Filename); err != nil {
		return err
	}

	if !cfg.SkipModTidy {
		if err := cfg.Packages.ModTidy(); err != nil {
			return fmt.Errorf("tidy failed: %w", err)
		}
	}
	if validate && !cfg.SkipValidation {
		dirs := []string{cfg.Exec.Dir()}
		if cfg.Model.IsDefined() {
			dirs = append(dirs, cfg.Model.Dir())
		}
		if cfg.Resolver.IsDefined() {
			dirs = append(dirs, cfg.Resolver.Dir())
		}
		return build(dirs)
	}
	return nil
}

// replaced are the functions of package graphql the generated executor
// must not call: it calls gqlruntime's instead (ResolveField only outside
// a subscription's streams, which gqlgen resolves with ResolveFieldStream).
var replaced = map[string]string{
	"ResolveField":             "ResolveField",
	"NewScalarFieldContext":    "NewScalarFieldContext",
	"CollectFields":            "CollectFields",
	"MarshalBoolean":           "MarshalBoolean",
	"MarshalSliceConcurrently": "MarshalSlice",
	"NewDeferredGroup":         "NewDeferredGroup",
	"NewFieldSet":              "NewFieldSet",
}

// checkExecutor fails when the executor rendered into filename is not
// gofmt's (gqlgen then writes it unformatted, saying so only on stderr), or
// when it calls a function of package graphql that gqlruntime replaces, or
// never calls one of gqlruntime's: a template of a new gqlgen that writes
// the call somewhere the patch does not reach.
func checkExecutor(filename string) error {
	src, err := os.ReadFile(filename)
	if err != nil {
		return err
	}
	if formatted, err := format.Source(src); err != nil || !bytes.Equal(formatted, src) {
		return fmt.Errorf("%s is not gofmt's output (%v): see gqlgen's message above", filename, err)
	}
	file, err := parser.ParseFile(token.NewFileSet(), filename, src, parser.SkipObjectResolution)
	if err != nil {
		return err
	}
	calls := map[string]int{}
	ast.Inspect(file, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok {
			return true
		}
		fun := call.Fun
		if ix, ok := fun.(*ast.IndexExpr); ok { // a generic function's instance
			fun = ix.X
		}
		if sel, ok := fun.(*ast.SelectorExpr); ok {
			if pkg, ok := sel.X.(*ast.Ident); ok {
				calls[pkg.Name+"."+sel.Sel.Name]++
			}
		}
		return true
	})
	var problems []string
	for orig, repl := range replaced {
		if n := calls["graphql."+orig]; n > 0 {
			problems = append(problems, fmt.Sprintf("calls graphql.%s %d times, where gqlruntime.%s should be called", orig, n, repl))
		}
	}
	for _, f := range []string{"ResolveField", "NewScalarFieldContext", "CollectFields", "MarshalBoolean", "MarshalSlice", "NewDeferredGroup", "NewFieldSet", "ResolveConcurrently", "ResponseBuffer", "PlainString", "PlainObjectContext", "CollectFieldsOf"} {
		if calls["gqlruntime."+f] == 0 {
			problems = append(problems, "never calls gqlruntime."+f)
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s %s: compare templates/ with the gqlgen in go.mod", filename, strings.Join(problems, "; "))
	}
	return nil
}

// build compiles the packages in dirs and below, as api.Generate's
// validation does.
func build(dirs []string) error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	args := []string{"build"}
	for _, dir := range dirs {
		rel, err := filepath.Rel(wd, dir)
		if err != nil {
			return err
		}
		args = append(args, "./"+filepath.ToSlash(rel)+"/...")
	}
	cmd := exec.Command("go", args...)
	cmd.Stdout, cmd.Stderr = os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("validation failed: go %s: %w", strings.Join(args, " "), err)
	}
	return nil
}
