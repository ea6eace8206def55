using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using RpcCompare.Protocols.GraphQl.Analysis;
using RpcCompare.Protocols.GraphQl.Execution;
using RpcCompare.Protocols.GraphQl.Language;
using RpcCompare.Protocols.GraphQl.Validation;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// Executes GraphQL requests against a schema: document cache (parse and validate once per distinct document),
/// operation selection, variable coercion, depth and cost limits, a compiled plan per operation, and execution
/// with DataLoader batching and a timeout. Thread-safe; one instance serves every request.
/// </summary>
public sealed class GraphQlExecutor
{
    private const int MaxCachedConditionVariables = 16;

    private readonly GraphQlOptions _options;
    private readonly BoundedCache<string, DocumentEntry> _documents;
    private readonly ErrorHandler _errorHandler;
    private long _documentsParsed;
    private long _documentCacheHits;
    private long _plansCompiled;

    public GraphQlExecutor(Schema schema, GraphQlOptions? options = null, ILogger? logger = null)
    {
        Schema = schema ?? throw new ArgumentNullException(nameof(schema));
        _options = options ?? new GraphQlOptions();
        _documents = new BoundedCache<string, DocumentEntry>(_options.DocumentCacheSize, StringComparer.Ordinal);
        _errorHandler = new ErrorHandler(_options, logger);
    }

    public Schema Schema { get; }

    public GraphQlOptions Options => _options;

    /// <summary>Documents parsed and validated (cache misses).</summary>
    public long DocumentsParsed => Interlocked.Read(ref _documentsParsed);

    public long DocumentCacheHits => Interlocked.Read(ref _documentCacheHits);

    public long PlansCompiled => Interlocked.Read(ref _plansCompiled);

    public int CachedDocuments => _documents.Count;

    /// <param name="services">The request's (scoped) services; resolvers and DataLoaders get theirs from here.</param>
    public async Task<ExecutionResult> ExecuteAsync(GraphQlRequest request, IServiceProvider? services = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(request);
        var document = GetDocument(request.Query, out var syntaxError);
        if (document is null)
        {
            return ExecutionResult.RequestError(syntaxError!);
        }

        if (document.Errors.Count > 0)
        {
            return ExecutionResult.RequestErrors(document.Errors);
        }

        var operation = SelectOperation(document.Document, request.OperationName, out var operationError);
        if (operation is null)
        {
            return ExecutionResult.RequestError(operationError!);
        }

        var kind = operation.Operation == OperationType.Mutation ? OperationKinds.Mutation : OperationKinds.Query;
        if ((request.AllowedOperations & kind) == 0)
        {
            var message = $"{operation.Operation} operations are not allowed for this request; send mutations with POST.";
            return ExecutionResult.RequestError(new GraphQlError(message, ErrorCodes.OperationNotAllowed) { Locations = [operation.Location] });
        }

        Dictionary<string, object?> variables;
        try
        {
            variables = ValueCoercion.CoerceVariables(Schema, operation, request.Variables);
        }
        catch (GraphQlException ex)
        {
            return ExecutionResult.RequestError(new GraphQlError(ex.Message, ErrorCodes.InvalidVariables) { Locations = [operation.Location] });
        }

        var root = Schema.GetRootType(operation.Operation)!;
        var cost = GetCost(document, operation, root, variables);
        if (_options.Cost.EnforceCostLimits && CostAnalyzer.Check(cost, _options.Cost) is { } costError)
        {
            return ExecutionResult.RequestError(costError with { Locations = [operation.Location] });
        }

        CompiledOperation plan;
        try
        {
            plan = GetPlan(document, operation, root, variables);
        }
        catch (GraphQlException ex)
        {
            return ExecutionResult.RequestError(ex.ToError() with { Locations = [operation.Location] });
        }

        var extensions = request.ReportCost
            ? new Dictionary<string, object?>
            {
                ["operationCost"] = new Dictionary<string, object?> { ["fieldCost"] = cost.FieldCost, ["typeCost"] = cost.TypeCost },
            }
            : null;
        return await RunAsync(plan, variables, services ?? EmptyServices.Instance, extensions, cancellationToken).ConfigureAwait(false);
    }

    private async Task<ExecutionResult> RunAsync(
        CompiledOperation plan,
        Dictionary<string, object?> variables,
        IServiceProvider services,
        Dictionary<string, object?>? extensions,
        CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        if (_options.ExecutionTimeout > TimeSpan.Zero && _options.ExecutionTimeout != Timeout.InfiniteTimeSpan)
        {
            timeout.CancelAfter(_options.ExecutionTimeout);
        }

        var scheduler = services.GetService<BatchScheduler>() ?? new BatchScheduler();
        var context = new OperationContext(Schema, plan, variables, services, scheduler, _errorHandler, timeout.Token);
        try
        {
            await context.ExecuteAsync().ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (timeout.IsCancellationRequested)
        {
            var error = cancellationToken.IsCancellationRequested
                ? new GraphQlError("The request was cancelled.", ErrorCodes.RequestCancelled)
                : new GraphQlError($"The request exceeded the configured timeout of {_options.ExecutionTimeout:c}.", ErrorCodes.ExecutionTimeout);
            return ExecutionResult.FromExecution(null, true, [.. context.Errors, error], extensions);
        }

        return ExecutionResult.FromExecution(context.Data, context.DataIsNull, context.Errors, extensions);
    }

    private DocumentEntry? GetDocument(string query, out GraphQlError? error)
    {
        error = null;
        if (_documents.TryGet(query, out var cached))
        {
            Interlocked.Increment(ref _documentCacheHits);
            return cached;
        }

        DocumentNode document;
        try
        {
            document = Parser.Parse(query, _options.Parser);
        }
        catch (GraphQlSyntaxException ex)
        {
            error = new GraphQlError(ex.Message, ex.Code) { Locations = [ex.Location] };
            return null;
        }

        Interlocked.Increment(ref _documentsParsed);
        var errors = Validate(document);
        return _documents.GetOrAdd(query, new DocumentEntry(document, errors));
    }

    private List<GraphQlError> Validate(DocumentNode document)
    {
        var errors = new List<GraphQlError>(DocumentValidator.Validate(Schema, document, _options.EnableIntrospection));
        if (errors.Count > 0)
        {
            return errors;
        }

        if (_options.MaxExecutionDepth is { } maxDepth)
        {
            errors.AddRange(DepthAnalyzer.Check(document, maxDepth, _options.CountIntrospectionDepth));
        }

        errors.AddRange(IntrospectionDepthAnalyzer.Check(document));
        return errors;
    }

    private static OperationDefinitionNode? SelectOperation(DocumentNode document, string? name, out GraphQlError? error)
    {
        error = null;
        if (string.IsNullOrEmpty(name))
        {
            if (document.Operations.Count == 1)
            {
                return document.Operations[0];
            }

            error = new GraphQlError("The document contains several operations: operationName is required.", ErrorCodes.OperationNameRequired);
            return null;
        }

        foreach (var operation in document.Operations)
        {
            if (operation.Name == name)
            {
                return operation;
            }
        }

        error = new GraphQlError($"The document has no operation named \"{name}\".", ErrorCodes.OperationNotFound);
        return null;
    }

    private OperationCost GetCost(DocumentEntry document, OperationDefinitionNode operation, ObjectType root, Dictionary<string, object?> variables)
    {
        var key = operation.Name ?? string.Empty;
        if (document.StaticCosts.TryGetValue(key, out var cached))
        {
            return cached;
        }

        var (cost, dependsOnVariables) = CostAnalyzer.Analyze(Schema, document.Document, operation, root, _options.Cost, variables);
        if (!dependsOnVariables)
        {
            document.StaticCosts.TryAdd(key, cost);
        }

        return cost;
    }

    private CompiledOperation GetPlan(DocumentEntry document, OperationDefinitionNode operation, ObjectType root, Dictionary<string, object?> variables)
    {
        var conditions = document.ConditionVariables;
        if (conditions.Length > MaxCachedConditionVariables)
        {
            Interlocked.Increment(ref _plansCompiled);
            return OperationCompiler.Compile(Schema, document.Document, operation, root, variables, _options.MaxFieldsPerOperation);
        }

        long mask = 0;
        for (var i = 0; i < conditions.Length; i++)
        {
            if (variables.TryGetValue(conditions[i], out var value) && value is true)
            {
                mask |= 1L << i;
            }
        }

        var key = (operation.Name ?? string.Empty, mask);
        if (document.Plans.TryGetValue(key, out var plan))
        {
            return plan;
        }

        Interlocked.Increment(ref _plansCompiled);
        plan = OperationCompiler.Compile(Schema, document.Document, operation, root, variables, _options.MaxFieldsPerOperation);
        return document.Plans.GetOrAdd(key, plan);
    }

    private sealed class EmptyServices : IServiceProvider
    {
        public static readonly EmptyServices Instance = new();

        public object? GetService(Type serviceType) => null;
    }
}
