using System.Collections;
using RpcCompare.Protocols.GraphQl.Resolvers;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// Runs one operation. Fields whose resolvers complete synchronously are completed depth-first at once; fields
/// that return a pending task are parked in the current "wave". When nothing else can run, every DataLoader with
/// queued keys is dispatched (one batch per loader), the wave is awaited, and completing it starts the next wave.
/// So N parents asking a loader for their children cost one batch call, not N.
/// </summary>
internal sealed class OperationContext
{
    private static readonly object RootValue = new();

    private readonly CompiledOperation _operation;
    private readonly IReadOnlyDictionary<string, object?> _variables;
    private readonly ErrorHandler _errorHandler;
    private readonly object?[]?[] _dynamicArguments;
    private readonly List<GraphQlError> _errors = [];
    private readonly object _loaderLock = new();
    private List<PendingField> _pending = [];
    private List<PendingField> _spare = [];
    private Dictionary<string, object>? _loaders;
    private Dictionary<string, object?>? _contextData;

    public OperationContext(
        Schema schema,
        CompiledOperation operation,
        IReadOnlyDictionary<string, object?> variables,
        IServiceProvider services,
        BatchScheduler scheduler,
        ErrorHandler errorHandler,
        CancellationToken cancellationToken)
    {
        Schema = schema;
        _operation = operation;
        _variables = variables;
        _errorHandler = errorHandler;
        _dynamicArguments = new object?[operation.DynamicSlots][];
        Services = services;
        Scheduler = scheduler;
        CancellationToken = cancellationToken;
    }

    public Schema Schema { get; }

    public IServiceProvider Services { get; }

    public BatchScheduler Scheduler { get; }

    public CancellationToken CancellationToken { get; }

    public IDictionary<string, object?> ContextData => _contextData ??= [];

    public IReadOnlyList<GraphQlError> Errors => _errors;

    public ResultObject? Data { get; private set; }

    /// <summary>True when a non-null violation reached the root, so <c>data</c> is null.</summary>
    public bool DataIsNull { get; private set; }

    public T GetOrAddLoader<T>(string name, Func<T> create)
        where T : class
    {
        // Resolvers may ask for loaders from continuations on other threads.
        lock (_loaderLock)
        {
            _loaders ??= new Dictionary<string, object>(StringComparer.Ordinal);
            if (_loaders.TryGetValue(name, out var existing))
            {
                return existing as T ?? throw new InvalidOperationException(
                    $"The DataLoader \"{name}\" already exists in this request as {existing.GetType().Name}, not {typeof(T).Name}.");
            }

            var created = create();
            _loaders.Add(name, created);
            return created;
        }
    }

    public async Task ExecuteAsync()
    {
        var root = new ResultObject(_operation.SelectionSet, RootValue, null, -1);
        Data = root;
        if (_operation.IsMutation)
        {
            // Mutation root fields run one after the other, each to completion (spec 6.3.1, serial execution).
            for (var i = 0; i < root.Values.Length && !DataIsNull; i++)
            {
                ExecuteField(root, i);
                await DrainAsync().ConfigureAwait(false);
            }

            return;
        }

        ExecuteFields(root);
        await DrainAsync().ConfigureAwait(false);
    }

    private void ExecuteFields(ResultObject result)
    {
        var count = result.Values.Length;
        for (var i = 0; i < count && !result.IsNulled; i++)
        {
            ExecuteField(result, i);
        }
    }

    private void ExecuteField(ResultObject result, int index)
    {
        var field = result.SelectionSet.Fields[index];
        if (field.IsTypeName)
        {
            result.Values[index] = result.SelectionSet.Type.Name;
            return;
        }

        if (field.DirectWriter is { } direct)
        {
            if (!direct.RequiresCheck || direct.CanWrite(result.Source))
            {
                result.Values[index] = ResultObject.Direct;
            }
            else
            {
                SerializationError(result, index, field, "the resolved value");
            }

            return;
        }

        ResolverResult resolved;
        try
        {
            var arguments = field.StaticArguments ?? GetDynamicArguments(field);
            resolved = field.Definition.Resolver.Resolve(result.Source, new FieldInvocation(this, field, arguments, result, index));
        }
        catch (Exception ex)
        {
            FieldError(result, index, field, ex);
            return;
        }

        if (resolved.Pending is { } task)
        {
            _pending.Add(new PendingField(result, index, task));
            return;
        }

        CompleteValue(result, index, field, field.Definition.Type, resolved.Value);
    }

    private object?[] GetDynamicArguments(CompiledField field) =>
        _dynamicArguments[field.DynamicSlot] ??= ValueCoercion.CoerceArguments(field.Definition, field.Nodes[0].Arguments, _variables);

    /// <summary>CompleteValue (spec 6.4.3) into slot <paramref name="index"/> of <paramref name="container"/>.</summary>
    private void CompleteValue(ResultNode container, int index, CompiledField field, GraphType type, object? value)
    {
        if (type is NonNullType nonNull)
        {
            if (value is null)
            {
                var error = new GraphQlError($"Cannot return null for non-nullable field {field.Definition.Coordinate}.", ErrorCodes.NonNullViolation)
                {
                    Locations = [field.Location],
                    Path = container.GetPath(index),
                };
                _errors.Add(error);
                SetNull(container, index);
                return;
            }

            type = nonNull.OfType;
        }

        if (value is null)
        {
            container.Values[index] = null;
            return;
        }

        // A pure object or list is kept as the CLR value when nothing in it can fail (no result tree needed).
        if (field.StoresRawValue && ReferenceEquals(type, field.Definition.Type.Nullable)
            && (type is ObjectType ? PureSelections.Validate(value, field.SelectionSet!) : PureSelections.ValidateList(value, field)))
        {
            container.Values[index] = value;
            return;
        }

        switch (type)
        {
            case ObjectType:
                var child = new ResultObject(field.SelectionSet!, value, container, index);
                container.Values[index] = child;
                ExecuteFields(child);
                break;
            case ListType list:
                CompleteList(container, index, field, list, value);
                break;
            default:
                if (field.Leaf!.IsSerializable(value))
                {
                    container.Values[index] = value;
                }
                else
                {
                    SerializationError(container, index, field, value.GetType().Name);
                }

                break;
        }
    }

    private void CompleteList(ResultNode container, int index, CompiledField field, ListType type, object value)
    {
        IList items;
        try
        {
            items = value switch
            {
                IList list => list,
                IEnumerable enumerable and not string => Materialize(enumerable),
                _ => throw new GraphQlException(
                    $"The resolver of {field.Definition.Coordinate} returned {value.GetType().Name}, but a list was expected.",
                    ErrorCodes.ResultSerializationError),
            };
        }
        catch (Exception ex)
        {
            FieldError(container, index, field, ex);
            return;
        }

        var result = new ResultList(items.Count, type.OfType, container, index);
        container.Values[index] = result;
        for (var i = 0; i < items.Count && !result.IsNulled; i++)
        {
            CompleteValue(result, i, field, type.OfType, items[i]);
        }
    }

    private static List<object?> Materialize(IEnumerable enumerable)
    {
        var list = new List<object?>();
        foreach (var item in enumerable)
        {
            list.Add(item);
        }

        return list;
    }

    private async Task DrainAsync()
    {
        while (_pending.Count > 0)
        {
            var wave = _pending;
            _pending = _spare;
            await WaitForWaveAsync(wave).ConfigureAwait(false);
            foreach (var pending in wave)
            {
                CompletePending(pending);
            }

            wave.Clear();
            _spare = wave;
        }
    }

    private async Task WaitForWaveAsync(List<PendingField> wave)
    {
        Task all;
        if (wave.Count == 1)
        {
            all = wave[0].Task;
        }
        else
        {
            var tasks = new Task[wave.Count];
            for (var i = 0; i < tasks.Length; i++)
            {
                tasks[i] = wave[i].Task;
            }

            all = Task.WhenAll(tasks);
        }

        while (true)
        {
            Scheduler.DispatchAll(CancellationToken);
            if (all.IsCompleted)
            {
                break;
            }

            // Keys queued after an await inside a resolver must be dispatched too, or the wave would never end.
            var work = Scheduler.WhenWorkQueuedAsync();
            var first = await Task.WhenAny(all, work).WaitAsync(CancellationToken).ConfigureAwait(false);
            if (first == all)
            {
                break;
            }
        }

        _ = all.Exception; // observed: each field reports its own failure
    }

    private void CompletePending(PendingField pending)
    {
        var container = pending.Container;
        var field = container.SelectionSet.Fields[pending.Index];
        var task = pending.Task;
        if (task.IsCompletedSuccessfully)
        {
            object? value;
            try
            {
                value = field.Definition.Resolver.GetResult(task);
            }
            catch (Exception ex)
            {
                FieldError(container, pending.Index, field, ex);
                return;
            }

            CompleteValue(container, pending.Index, field, field.Definition.Type, value);
            return;
        }

        var exception = task.IsCanceled
            ? new GraphQlException("The resolver was cancelled.", ErrorCodes.RequestCancelled)
            : (Exception?)task.Exception ?? new InvalidOperationException("The resolver task failed.");
        FieldError(container, pending.Index, field, exception);
    }

    private void FieldError(ResultNode container, int index, CompiledField field, Exception exception)
    {
        var error = _errorHandler.CreateError(exception) with
        {
            Locations = [field.Location],
            Path = container.GetPath(index),
        };
        _errors.Add(error);
        SetNull(container, index);
    }

    private void SerializationError(ResultNode container, int index, CompiledField field, string what)
    {
        _errors.Add(new GraphQlError($"{field.Leaf!.Name} cannot represent {what} returned by {field.Definition.Coordinate}.", ErrorCodes.ResultSerializationError)
        {
            Locations = [field.Location],
            Path = container.GetPath(index),
        });
        SetNull(container, index);
    }

    /// <summary>Null propagation (spec 6.4.4): a null in a non-null slot nulls the parent, up to a nullable slot or the root.</summary>
    private void SetNull(ResultNode container, int index)
    {
        var node = container;
        node.Values[index] = null;
        while (node.IsNonNullSlot(index))
        {
            node.IsNulled = true;
            if (node.Parent is null)
            {
                DataIsNull = true;
                return;
            }

            index = node.ParentIndex;
            node = node.Parent;
            node.Values[index] = null;
        }
    }

    private readonly record struct PendingField(ResultObject Container, int Index, Task Task);
}
