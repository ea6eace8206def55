using GraphQLParser.AST;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// The sizes of a parsed document that bound the work of GraphQL.NET's validation rules and of execution, measured in
/// linear passes without recursion. <see cref="Written"/> counts what the text holds; <see cref="Expanded"/> measures each
/// operation once every fragment spread is replaced by its fragment, which is what GraphQL.NET's own rules and the
/// complexity analyzer walk (they follow every spread again), so a fragment bomb shows as the two to the power of its
/// fragment count it really is. Expanded sizes saturate at <see cref="Saturated"/> instead of overflowing.
/// </summary>
public static class DocumentShape
{
    public const long Saturated = 1L << 50;

    /// <summary>Fragment definitions, and selections written (fields with their aliases, fragment spreads, inline fragments).</summary>
    public static WrittenSize Written(GraphQLDocument document)
    {
        var fragments = 0;
        long selections = 0;
        foreach (var definition in document.Definitions)
        {
            var set = definition switch
            {
                GraphQLFragmentDefinition fragment => fragment.SelectionSet,
                GraphQLOperationDefinition operation => operation.SelectionSet,
                _ => null,
            };
            fragments += definition is GraphQLFragmentDefinition ? 1 : 0;
            var pending = new Stack<GraphQLSelectionSet>();
            if (set is not null)
            {
                pending.Push(set);
            }
            while (pending.Count > 0)
            {
                foreach (var selection in pending.Pop().Selections)
                {
                    selections++;
                    var inner = selection switch
                    {
                        GraphQLField field => field.SelectionSet,
                        GraphQLInlineFragment inline => inline.SelectionSet,
                        _ => null,
                    };
                    if (inner is not null)
                    {
                        pending.Push(inner);
                    }
                }
            }
        }
        return new WrittenSize(fragments, selections);
    }

    /// <summary>
    /// The largest of the document's operations with its fragments expanded: fields, root fields, field depth, and the most
    /// fields sharing one response name in one selection set (GraphQL.NET's OverlappingFieldsCanBeMerged compares those in
    /// pairs and reports each conflicting pair: n of them cost n² and can answer n²/4 errors). Linear in the document after
    /// <see cref="Written"/>'s caps: each fragment is measured once, after the fragments it spreads.
    /// </summary>
    public static ExpandedSize Expanded(GraphQLDocument document, CancellationToken cancellationToken)
    {
        var measured = new Dictionary<string, Measure>(StringComparer.Ordinal);
        foreach (var fragment in FragmentGraph.Of(document, cancellationToken).DependenciesFirst)
        {
            cancellationToken.ThrowIfCancellationRequested();
            measured[fragment.FragmentName.Name.StringValue] = Expand(fragment.SelectionSet, measured);
        }
        var largest = new ExpandedSize(0, 0, 0, 0);
        foreach (var definition in document.Definitions)
        {
            if (definition is GraphQLOperationDefinition operation)
            {
                var size = Expand(operation.SelectionSet, measured).Size;
                largest = new ExpandedSize(Math.Max(largest.Fields, size.Fields), Math.Max(largest.RootFields, size.RootFields),
                    Math.Max(largest.Depth, size.Depth), Math.Max(largest.SameNameFields, size.SameNameFields));
            }
        }
        return largest;
    }

    /// <summary>
    /// The sizes of a selection set with its spreads replaced by the fragments' own (already measured) sizes, and how many
    /// fields of each response name its top level holds (what a spread of it adds to the enclosing set). A spread of a
    /// fragment not measured (unknown, or closing a cycle) counts as empty: validation refuses both.
    /// </summary>
    private static Measure Expand(GraphQLSelectionSet root, Dictionary<string, Measure> measured)
    {
        long fields = 0, rootFields = 0, depth = 0, insideFragments = 0;
        var sets = 1;
        // Fields per (selection set, response name); set 0 is the root, inline fragments share their enclosing set.
        var names = new Dictionary<(int Set, string Name), long>();
        void Count(int set, string name, long count) =>
            names[(set, name)] = Add(names.GetValueOrDefault((set, name)), count);

        SelectionWalk.Run(root, (Depth: 0L, Set: 0), (field, at) =>
        {
            fields = Add(fields, 1);
            rootFields += at.Depth == 0 ? 1 : 0;
            depth = Math.Max(depth, at.Depth + 1);
            Count(at.Set, (field.Alias?.Name ?? field.Name).StringValue, 1);
            return (at.Depth + 1, sets++);
        }, (spread, at) =>
        {
            if (!measured.TryGetValue(spread.FragmentName.Name.StringValue, out var fragment))
            {
                return;
            }
            fields = Add(fields, fragment.Size.Fields);
            rootFields = at.Depth == 0 ? Add(rootFields, fragment.Size.RootFields) : rootFields;
            depth = Math.Max(depth, Add(at.Depth, fragment.Size.Depth));
            // The fragment's inner selection sets keep their own counts wherever it is spread; its top level joins this set.
            insideFragments = Math.Max(insideFragments, fragment.Size.SameNameFields);
            foreach (var (name, count) in fragment.TopLevelNames)
            {
                Count(at.Set, name, count);
            }
        });

        var topLevel = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var ((set, name), count) in names)
        {
            if (set == 0)
            {
                topLevel[name] = count;
            }
        }
        var sameName = Math.Max(insideFragments, names.Count == 0 ? 0 : names.Values.Max());
        return new Measure(new ExpandedSize(fields, rootFields, depth, sameName), topLevel);
    }

    private static long Add(long a, long b) => Math.Min(a + b, Saturated);

    private sealed record Measure(ExpandedSize Size, Dictionary<string, long> TopLevelNames);
}

/// <summary>What the text of a document holds.</summary>
public readonly record struct WrittenSize(int Fragments, long Selections);

/// <summary>The largest operation of a document with its fragments expanded (saturating at <see cref="DocumentShape.Saturated"/>).</summary>
public readonly record struct ExpandedSize(long Fields, long RootFields, long Depth, long SameNameFields);
