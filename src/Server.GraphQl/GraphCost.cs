using System.Collections;
using GraphQL;
using GraphQL.Types;
using GraphQL.Validation.Complexity;
using GraphQL.Validation.Errors.Custom;

namespace RpcCompare.Server.GraphQl;

/// <summary>
/// The cost model of GraphQL.NET's complexity analyzer, which adds each field's impact times the product of the child
/// multipliers of the fields above it. Costs follow the size of the answer: a field that calls the query service costs
/// <see cref="ResolverImpact"/> plus one per object it may return, and multiplies its children by that many; nested
/// object fields cost one per object, scalars nothing. The object count is the size argument where there is one, an upper
/// bound of the node's out-degree for links (<see cref="DegreeBounds"/>), and <see cref="NodeLinksEstimate"/> per node for
/// Node.links, whose nodes are not known before the page runs. The limit follows the dataset
/// (<see cref="MaxComplexityFor"/>): the largest query the scenarios send passes (the top hub's links), two of them in one
/// document do not.
/// </summary>
public static class GraphCost
{
    public const double ResolverImpact = 20;

    /// <summary>The schema is four levels deep; the standard introspection query needs twelve.</summary>
    public const int MaxDepth = 15;

    /// <summary>
    /// The limit on a small dataset: a search of 10,000 (10,020), a page of 100 nodes with their links (10,120) or of 200
    /// (20,220) pass; fifty searches of 10,000 (501,000) do not.
    /// </summary>
    public const int MinMaxComplexity = 50_000;

    /// <summary>
    /// The limit in multiples of the dataset's max degree: the top hub's links with the client's fields cost twice its degree
    /// plus 20 (links and their targets), so one passes with a margin of 1.5 and two do not.
    /// </summary>
    public const int MaxComplexityPerMaxDegree = 3;

    /// <summary>
    /// Links per node assumed for Node.links in a page (nodes(first:)): which nodes the page holds is known only when it
    /// runs, so this is the bound of a node that is not a hub (<see cref="DegreeBounds.Threshold"/>). A page that holds
    /// hubs can return more: the query service refuses, when the page runs, a batch whose total degree is too large.
    /// </summary>
    public const double NodeLinksEstimate = DegreeBounds.Threshold;

    /// <summary>
    /// __schema, whatever it selects: about what one full introspection answer weighs against links (~40 KB, the size of
    /// 300 links with their targets, which cost 600), rounded up. Its selections cost nothing more: their nesting is bounded by
    /// <see cref="IntrospectionDepthRule"/> and the document caps, and the schema is small. 3,000 aliased __schema cost
    /// 3,000,000, above the limit of any dataset whose max degree is below a million.
    /// </summary>
    public const double SchemaIntrospectionImpact = 1_000;

    /// <summary>__type(name:): one type of the schema's ~25.</summary>
    public const double TypeIntrospectionImpact = 100;

    /// <summary>
    /// Field resolvers of one request run at most this many at a time (GraphQL.NET's MaxParallelExecutionCount): a
    /// document of many root fields holds at most this many database connections of the pool, not one per field. Node.links
    /// of a page completes through one batch whatever this is.
    /// </summary>
    public const int MaxParallelExecutionCount = 4;

    public static int MaxComplexityFor(int maxDegree) =>
        (int)Math.Min(int.MaxValue, Math.Max(MinMaxComplexity, (long)MaxComplexityPerMaxDegree * maxDegree));

    public static FieldComplexityResult List(double size) => new(ResolverImpact + Math.Max(size, 0), Math.Max(size, 1));

    /// <summary>links(nodeId): the node's degree bound; a node id the analyzer cannot read is bounded by the max degree.</summary>
    public static FieldComplexityResult Links(DegreeBounds degrees, FieldImpactContext context) =>
        List(context.GetArgument<object?>("nodeId", null) is long id ? degrees.BoundOf(id) : degrees.MaxDegree);

    /// <summary>neighbourhoods(ids): one neighbourhood (and its node) per id; their links are costed by Neighbourhood.links.</summary>
    public static FieldComplexityResult Neighbourhoods(FieldImpactContext context) => List(Ids(context).Count);

    /// <summary>
    /// Neighbourhood.links: the mean degree bound of the parent's ids, so that over all neighbourhoods the links (and their
    /// targets) cost the sum of the ids' bounds.
    /// </summary>
    public static FieldComplexityResult NeighbourhoodLinks(DegreeBounds degrees, FieldImpactContext context)
    {
        var ids = context.Parent is { } parent ? Ids(parent) : [];
        var mean = ids.Count == 0 ? 0 : ids.Sum(id => id is { } known ? (double)degrees.BoundOf(known) : degrees.MaxDegree) / ids.Count;
        return new FieldComplexityResult(mean, mean);
    }

    public static void ConfigureIntrospection(ISchema schema)
    {
        schema.SchemaMetaFieldType.WithComplexityImpact(SchemaIntrospectionImpact, 0);
        schema.TypeMetaFieldType.WithComplexityImpact(TypeIntrospectionImpact, 0);
        schema.TypeNameMetaFieldType.WithComplexityImpact(0, 0);
    }

    public static void Configure(ComplexityOptions options, IServiceProvider services)
    {
        var degrees = services.GetRequiredService<DegreeBounds>();
        options.MaxDepth = MaxDepth;
        options.DefaultScalarImpact = 0;
        options.DefaultObjectImpact = 1;
        // The limit follows the loaded degrees, so it is checked here rather than through the fixed MaxComplexity.
        options.MaxComplexity = null;
        options.ValidateComplexityDelegate = context =>
        {
            var maxDegree = degrees.MaxDegree;
            var limit = MaxComplexityFor(maxDegree);
            if (context.Error is null && context.TotalImpact > limit)
            {
                context.Error = new ComplexityError($"Query is too complex to execute. Complexity is {context.TotalImpact:N0}; " +
                    $"maximum allowed on this endpoint is {limit:N0} (the larger of {MinMaxComplexity:N0} and " +
                    $"{MaxComplexityPerMaxDegree} times the dataset's max degree, {maxDegree:N0}).");
            }
            return Task.CompletedTask;
        };
    }

    /// <summary>The ids argument as given (null for an element the analyzer cannot read as a long).</summary>
    private static List<long?> Ids(FieldImpactContext context) =>
        context.GetArgument<object?>("ids", null) is IEnumerable values and not string
            ? [.. values.Cast<object?>().Select(v => v is long id ? id : (long?)null)]
            : [];
}
