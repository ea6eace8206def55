using System.Text.Json;

namespace RpcCompare.Protocols.GraphQl;

[Flags]
public enum OperationKinds
{
    None = 0,
    Query = 1,
    Mutation = 2,
    All = Query | Mutation,
}

/// <summary>One GraphQL request: the document, the operation to run and the variables as JSON.</summary>
public sealed class GraphQlRequest
{
    public GraphQlRequest(string query, string? operationName = null, JsonElement? variables = null)
    {
        Query = query ?? throw new ArgumentNullException(nameof(query));
        OperationName = operationName;
        Variables = variables;
    }

    public string Query { get; }

    public string? OperationName { get; }

    /// <summary>A JSON object (or null) with the variable values.</summary>
    public JsonElement? Variables { get; }

    /// <summary>Which operation types may run; GET requests allow queries only.</summary>
    public OperationKinds AllowedOperations { get; init; } = OperationKinds.All;

    /// <summary>Adds <c>extensions.operationCost</c> to the response (the <c>GraphQL-Cost: report</c> header).</summary>
    public bool ReportCost { get; init; }

    /// <summary>Builds a request with variables given as an object or dictionary, serialized to JSON.</summary>
    public static GraphQlRequest Create(string query, object? variables = null, string? operationName = null) =>
        new(query, operationName, variables is null ? null : JsonSerializer.SerializeToElement(variables, variables.GetType()));
}
