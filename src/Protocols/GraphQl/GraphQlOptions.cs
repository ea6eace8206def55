using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Engine and endpoint settings. Every limit is on by default, as in HotChocolate; raise them for benchmark
/// workloads that legitimately return very large lists.
/// </summary>
public sealed class GraphQlOptions
{
    public ParserOptions Parser { get; set; } = new();

    public CostOptions Cost { get; set; } = new();

    /// <summary>How many distinct documents keep their parsed, validated form and compiled plans.</summary>
    public int DocumentCacheSize { get; set; } = 256;

    /// <summary>Deepest field nesting an operation may have (fragments expanded); null turns the check off.</summary>
    public int? MaxExecutionDepth { get; set; } = 16;

    /// <summary>Whether fields under <c>__schema</c>/<c>__type</c> count toward <see cref="MaxExecutionDepth"/>.</summary>
    public bool CountIntrospectionDepth { get; set; }

    /// <summary>Guard against field explosion through fragments: most fields an operation may expand to.</summary>
    public int MaxFieldsPerOperation { get; set; } = 50_000;

    /// <summary>Cancels resolvers and answers with an EXECUTION_TIMEOUT error after this long.</summary>
    public TimeSpan ExecutionTimeout { get; set; } = TimeSpan.FromSeconds(30);

    public bool EnableIntrospection { get; set; } = true;

    /// <summary>Adds exception type, message and stack trace to unexpected errors. Development only.</summary>
    public bool IncludeExceptionDetails { get; set; }

    /// <summary>Maps host exceptions to errors (message and code); the first filter returning non-null wins.</summary>
    public IList<Func<Exception, GraphQlError?>> ErrorFilters { get; } = [];

    /// <summary>Largest accepted HTTP request body; larger requests get 413 without the body being read.</summary>
    public long MaxRequestBodySize { get; set; } = 20 * 1024 * 1024;

    /// <summary>Whether queries may be sent with GET (mutations never may).</summary>
    public bool EnableGetRequests { get; set; } = true;

    /// <summary>Whether the SDL is served at <c>{path}/schema.graphql</c>.</summary>
    public bool EnableSchemaEndpoint { get; set; } = true;

    /// <summary>Adds an error filter for one exception type.</summary>
    public GraphQlOptions MapException<TException>(Func<TException, GraphQlError> map)
        where TException : Exception
    {
        ArgumentNullException.ThrowIfNull(map);
        ErrorFilters.Add(exception => exception is TException typed ? map(typed) : null);
        return this;
    }
}

/// <summary>
/// Static cost analysis before execution, after the IBM GraphQL cost specification as HotChocolate applies it:
/// field cost (resolver calls, multiplied by list sizes) and type cost (objects returned).
/// </summary>
public sealed class CostOptions
{
    public bool EnforceCostLimits { get; set; } = true;

    public double MaxFieldCost { get; set; } = 1_000;

    public double MaxTypeCost { get; set; } = 1_000;

    /// <summary>Weight of an asynchronous resolver (a database or DataLoader call).</summary>
    public double DefaultResolverCost { get; set; } = 10;

    /// <summary>Weight of a synchronous resolver that returns an object, or that takes arguments.</summary>
    public double DefaultSyncResolverCost { get; set; } = 1;

    /// <summary>Assumed length of a list field when no slicing argument bounds it.</summary>
    public int DefaultListSize { get; set; } = 10;

    /// <summary>Arguments that bound a list by convention: a number (first: 100) or a list whose length counts (ids: [...]).</summary>
    public IList<string> SlicingArgumentNames { get; } = ["first", "last", "limit", "count", "take", "ids"];

    /// <summary>Field cost charged for each <c>__schema</c> or <c>__type</c> selection (introspection is otherwise free).</summary>
    public double IntrospectionCost { get; set; } = 50;
}
