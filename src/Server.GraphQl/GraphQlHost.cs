using GraphQL;
using GraphQL.Execution;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection.Extensions;
using RpcCompare.Stacks;
using RpcCompare.Data.Generation;
using RpcCompare.Data.Queries;
using RpcCompare.Server.Common;

namespace RpcCompare.Server.GraphQl;

public static class GraphQlHost
{
    public const long MaxRequestBodyBytes = 4 * 1024 * 1024;

    /// <summary>The switch that lets errors carry exception details (off: messages and codes only, no stack trace, no SQL).</summary>
    public static readonly (string Name, bool IsSwitch, string Help) DetailedErrors =
        ("detailed-errors", true, "put exception details into GraphQL errors (off by default)");

    /// <summary>
    /// GraphQL.NET as its maintainers configure a public endpoint: caps on the document before validation
    /// (<see cref="DocumentLimits"/>), the complexity analyzer on (depth and a cost that follows the answer's size,
    /// <see cref="GraphCost"/>, with the node degrees it needs loaded at start), exception details hidden, a request body
    /// limit, a bound on parallel resolvers, the System.Text.Json serializer, and the query service's refusals as errors
    /// with a code the clients understand.
    /// </summary>
    public static void AddGraphQlHost(this WebApplicationBuilder builder)
    {
        var setup = builder.AddStackHost(StackCatalog.GraphQl);
        var detailedErrors = builder.Configuration.GetValue<bool>(DetailedErrors.Name);
        builder.WebHost.ConfigureKestrel(kestrel =>
        {
            kestrel.Limits.MaxRequestBodySize = MaxRequestBodyBytes;
            kestrel.Listen(setup, EndpointNames.Http, setup.Settings.Port, o => o.Protocols = HttpProtocols.Http1);
        });
        builder.Services.AddGraphQlSchema(detailedErrors);
        builder.Services.AddHostedService<DegreeBoundsLoader>();

        var configuration = setup.Configuration;
        configuration.Set("implementation", $"GraphQL.NET {LibraryVersion.Of(typeof(DocumentExecuter))} on ASP.NET Core " +
            "(HotChocolate is not in the feed); HTTP endpoint and batch loader written here (GraphQL.Server and GraphQL.DataLoader are not either)");
        configuration.Set("protocol", "GraphQL over HTTP/1.1 keep-alive, POST application/json");
        configuration.Set("encoding", $"JSON by GraphQL.SystemTextJson {LibraryVersion.Of(typeof(GraphQL.SystemTextJson.GraphQLSerializer))}");
        configuration.Set("batching", "Node.links through one batch per level over GetNeighbourhoods");
        configuration.Set("max document length", $"{DocumentLimits.MaxLength:N0} characters (checked before parsing)");
        configuration.Set("max parser depth", $"{DocumentLimits.MaxParserDepth} syntax tree levels (GraphQL-Parser; its default is 128)");
        configuration.Set("max fragments", $"{DocumentLimits.MaxFragments:N0} definitions");
        configuration.Set("max selections", $"{DocumentLimits.MaxSelections:N0} in the document (fields with their aliases, " +
            "fragment spreads, inline fragments)");
        configuration.Set("max root fields", $"{DocumentLimits.MaxRootFields:N0} per operation, fragments expanded");
        configuration.Set("max expanded fields", $"{DocumentLimits.MaxExpandedFields:N0} per operation, fragments expanded");
        configuration.Set("max depth", $"{DocumentLimits.MaxDepth} nested fields, fragments expanded (checked before validation, " +
            "and again by the complexity analyzer)");
        configuration.Set("max same-name fields", $"{DocumentLimits.MaxSameNameFields} fields of one response name in one selection set, " +
            "fragments expanded (bounds OverlappingFieldsCanBeMerged's pairs)");
        configuration.Set("max errors reported", $"{GraphQlEndpoint.MaxErrors} per response, then one TOO_MANY_ERRORS error " +
            "(as graphql-js's validate)");
        configuration.Set("max complexity", $"the larger of {GraphCost.MinMaxComplexity:N0} and {GraphCost.MaxComplexityPerMaxDegree} x " +
            $"the dataset's max degree ({GraphCost.MaxComplexityFor(DatasetSpec.Default.MaxDegree):N0} on the default dataset; " +
            $"{GraphCost.MaxComplexityFor(DegreeBounds.FallbackMaxDegree):N0} until the degrees are loaded); GraphQL.NET complexity analyzer");
        configuration.Set("cost model", $"a call of the query service {GraphCost.ResolverImpact:N0} + 1 per object it may return " +
            "(size argument; links(nodeId): the node's degree bound; neighbourhoods(ids): the sum of the ids' bounds), " +
            $"nested objects 1 each, scalars 0; Node.links in a page estimated at {GraphCost.NodeLinksEstimate:N0} links per node " +
            "(the non-hub bound: the query service refuses a page batch whose total degree is too large when it runs); " +
            $"__schema {GraphCost.SchemaIntrospectionImpact:N0}, __type {GraphCost.TypeIntrospectionImpact:N0}, " +
            "their selections and __typename 0");
        configuration.Set("degree bounds", $"degrees of the nodes with more than {DegreeBounds.Threshold} links, loaded before " +
            $"listening; any other node at most {DegreeBounds.Threshold}; every node {DegreeBounds.FallbackMaxDegree:N0} while " +
            $"the database is unreachable (retried every {DegreeBoundsLoader.RetryEvery.TotalSeconds:N0} s)");
        configuration.Set("introspection", $"on; list fields nested at most {IntrospectionDepthRule.MaxDepth} deep");
        configuration.Set("max parallel execution", $"{GraphCost.MaxParallelExecutionCount} field resolvers at a time per request");
        configuration.Set("max request body", $"{MaxRequestBodyBytes:N0} bytes");
        configuration.Set("execution timeout", "60 s");
        configuration.Set("exception details in errors", detailedErrors ? "on (--detailed-errors)" : "off");
        configuration.Set("streaming variants", "none (@stream is not in the GraphQL spec yet)");
    }

    /// <summary>/healthz and the GraphQL endpoint; the limits and error handling are the schema's (<see cref="AddGraphQlSchema"/>).</summary>
    public static void MapGraphQlHost(this WebApplication app)
    {
        app.MapHealth();
        app.MapGraphQlEndpoint();
    }

    /// <summary>The schema, its executer and serializer, limits and error handling; needs the query service (AddGraphData).</summary>
    public static IServiceCollection AddGraphQlSchema(this IServiceCollection services, bool detailedErrors)
    {
        services.AddScoped<LinksByNodeLoader>();
        services.TryAddSingleton<DegreeBounds>();
        services.AddGraphQL(graphQl => graphQl
            .AddSchema<GraphSchema>()
            .AddGraphTypes(typeof(GraphSchema).Assembly)
            .AddSystemTextJson()
            .AddComplexityAnalyzer(GraphCost.Configure)
            .ConfigureExecutionOptions(o => o.MaxParallelExecutionCount = GraphCost.MaxParallelExecutionCount)
            .AddValidationRule<IntrospectionDepthRule>()
            .AddErrorInfoProvider(o => o.ExposeExceptionDetails = detailedErrors)
            .AddUnhandledExceptionHandler(context => ToGraphError(context, detailedErrors))
            .WithTimeout(TimeSpan.FromSeconds(60)));
        return services;
    }

    /// <summary>
    /// A refusal of the query service keeps its message and gets its code, and so does a failure of the database itself
    /// (DB_POOL, DB_TIMEOUT); any other failure of a field says nothing about
    /// itself (GraphQL.NET would name the exception's type in the code). Failures of the document as a whole (a parser
    /// limit, say) keep GraphQL.NET's code and generic message.
    /// </summary>
    private static void ToGraphError(UnhandledExceptionContext context, bool detailedErrors)
    {
        if (context.OriginalException is GraphException refusal)
        {
            context.Exception = new ExecutionError(refusal.Message)
            {
                Code = refusal.Kind switch
                {
                    GraphErrorKind.NotFound => "NOT_FOUND",
                    GraphErrorKind.InvalidArgument => "INVALID_ARGUMENT",
                    GraphErrorKind.WritesDisabled => "WRITES_DISABLED",
                    _ => "REFUSED",
                },
            };
        }
        else if (DatabaseFailures.CauseOf(context.OriginalException) is { } cause)
        {
            context.Exception = new ExecutionError(FailureCauses.Message(cause)) { Code = FailureCauses.GraphQlCode(cause) };
        }
        else if (context.FieldContext is not null && !detailedErrors && context.OriginalException is not OperationCanceledException)
        {
            context.FieldContext?.RequestServices?.GetService<ILoggerFactory>()?.CreateLogger("RpcCompare.Server.GraphQl")
                .LogError(context.OriginalException, "A GraphQL field failed");
            context.Exception = new ExecutionError("Unexpected execution error.") { Code = "UNEXPECTED_EXECUTION_ERROR" };
        }
    }
}
