using System.IO.Pipelines;
using System.Text;
using System.Text.Json;
using RpcCompare.Protocols.GraphQl.Execution;

namespace RpcCompare.Protocols.GraphQl;

/// <summary>
/// The outcome of one request. A request error (bad syntax, failed validation, limits, bad variables) has no
/// <c>data</c> entry at all (<see cref="HasData"/> false); an execution may have <c>data</c> and <c>errors</c>.
/// </summary>
public sealed class ExecutionResult
{
    private ExecutionResult(bool hasData, ResultObject? data, bool dataIsNull, IReadOnlyList<GraphQlError> errors, IReadOnlyDictionary<string, object?>? extensions)
    {
        HasData = hasData;
        Data = data;
        DataIsNull = dataIsNull;
        Errors = errors;
        Extensions = extensions;
    }

    /// <summary>False for request errors: the response then has only <c>errors</c>.</summary>
    public bool HasData { get; }

    public IReadOnlyList<GraphQlError> Errors { get; }

    public IReadOnlyDictionary<string, object?>? Extensions { get; }

    internal ResultObject? Data { get; }

    internal bool DataIsNull { get; }

    internal static ExecutionResult RequestError(GraphQlError error) => new(false, null, false, [error], null);

    internal static ExecutionResult RequestErrors(IReadOnlyList<GraphQlError> errors) => new(false, null, false, errors, null);

    internal static ExecutionResult FromExecution(ResultObject? data, bool dataIsNull, IReadOnlyList<GraphQlError> errors, IReadOnlyDictionary<string, object?>? extensions) =>
        new(true, data, dataIsNull, errors, extensions);

    /// <summary>Writes the whole response synchronously.</summary>
    public void WriteTo(Utf8JsonWriter writer) => ResultWriter.Write(writer, this);

    /// <summary>Writes the response to a pipe, flushing large results in chunks.</summary>
    public ValueTask WriteToAsync(Utf8JsonWriter writer, PipeWriter pipe, CancellationToken cancellationToken = default) =>
        ResultWriter.WriteAsync(writer, pipe, this, cancellationToken);

    public string ToJson(bool indented = false)
    {
        using var stream = new MemoryStream();
        using (var writer = new Utf8JsonWriter(stream, new JsonWriterOptions { Indented = indented }))
        {
            WriteTo(writer);
        }

        return Encoding.UTF8.GetString(stream.GetBuffer(), 0, (int)stream.Length);
    }

    public override string ToString() => ToJson();
}
