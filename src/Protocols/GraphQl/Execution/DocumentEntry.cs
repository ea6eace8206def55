using System.Collections.Concurrent;
using RpcCompare.Protocols.GraphQl.Analysis;
using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>What is kept per distinct document text: the parse tree, its validation outcome, and per-operation plans and costs.</summary>
internal sealed class DocumentEntry(DocumentNode document, IReadOnlyList<GraphQlError> errors)
{
    public DocumentNode Document { get; } = document;

    public IReadOnlyList<GraphQlError> Errors { get; } = errors;

    /// <summary>Variables read by @skip/@include; their boolean values pick the compiled plan.</summary>
    public string[] ConditionVariables { get; } = errors.Count == 0 ? OperationCompiler.FindConditionVariables(document) : [];

    public ConcurrentDictionary<(string Operation, long Conditions), CompiledOperation> Plans { get; } = new();

    /// <summary>Costs that do not depend on variables, per operation name.</summary>
    public ConcurrentDictionary<string, OperationCost> StaticCosts { get; } = new(StringComparer.Ordinal);
}
