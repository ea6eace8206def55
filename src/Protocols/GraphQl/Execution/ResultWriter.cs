using System.IO.Pipelines;
using System.Text.Json;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>
/// Writes a response (<c>errors</c>, <c>data</c>, <c>extensions</c>) with <see cref="Utf8JsonWriter"/>. The
/// top levels of <c>data</c> are written asynchronously so a large list is flushed to the client in chunks
/// instead of being buffered whole; below that, writing is synchronous and allocation-free.
/// </summary>
internal sealed class ResultWriter
{
    private const int AsyncDepth = 3;
    private const int FlushThreshold = 32 * 1024;

    private static readonly JsonEncodedText ErrorsName = JsonEncodedText.Encode("errors");
    private static readonly JsonEncodedText DataName = JsonEncodedText.Encode("data");
    private static readonly JsonEncodedText ExtensionsName = JsonEncodedText.Encode("extensions");
    private static readonly JsonEncodedText MessageName = JsonEncodedText.Encode("message");
    private static readonly JsonEncodedText LocationsName = JsonEncodedText.Encode("locations");
    private static readonly JsonEncodedText LineName = JsonEncodedText.Encode("line");
    private static readonly JsonEncodedText ColumnName = JsonEncodedText.Encode("column");
    private static readonly JsonEncodedText PathName = JsonEncodedText.Encode("path");
    private static readonly JsonEncodedText CodeName = JsonEncodedText.Encode("code");

    private readonly Utf8JsonWriter _writer;
    private readonly PipeWriter? _pipe;
    private readonly CancellationToken _cancellationToken;
    private long _flushedAt;

    private ResultWriter(Utf8JsonWriter writer, PipeWriter? pipe, CancellationToken cancellationToken)
    {
        _writer = writer;
        _pipe = pipe;
        _cancellationToken = cancellationToken;
    }

    public static void Write(Utf8JsonWriter writer, ExecutionResult result)
    {
        var resultWriter = new ResultWriter(writer, null, default);
        resultWriter.WriteStart(result);
        if (result.HasData)
        {
            writer.WritePropertyName(DataName);
            resultWriter.WriteData(result);
        }

        resultWriter.WriteEnd(result);
    }

    /// <summary>Writes to <paramref name="pipe"/>, flushing every ~32 KB of a large <c>data</c>; the caller flushes the end.</summary>
    public static async ValueTask WriteAsync(Utf8JsonWriter writer, PipeWriter pipe, ExecutionResult result, CancellationToken cancellationToken)
    {
        var resultWriter = new ResultWriter(writer, pipe, cancellationToken);
        resultWriter.WriteStart(result);
        if (result.HasData)
        {
            writer.WritePropertyName(DataName);
            if (result.Data is { } data && !result.DataIsNull)
            {
                await resultWriter.WriteObjectAsync(data, 1).ConfigureAwait(false);
            }
            else
            {
                writer.WriteNullValue();
            }
        }

        resultWriter.WriteEnd(result);
        writer.Flush();
    }

    private void WriteStart(ExecutionResult result)
    {
        _writer.WriteStartObject();
        if (result.Errors.Count > 0)
        {
            _writer.WritePropertyName(ErrorsName);
            _writer.WriteStartArray();
            foreach (var error in result.Errors)
            {
                WriteError(error);
            }

            _writer.WriteEndArray();
        }
    }

    private void WriteEnd(ExecutionResult result)
    {
        if (result.Extensions is { Count: > 0 } extensions)
        {
            _writer.WritePropertyName(ExtensionsName);
            WriteMap(extensions);
        }

        _writer.WriteEndObject();
    }

    private void WriteData(ExecutionResult result)
    {
        if (result.Data is { } data && !result.DataIsNull)
        {
            WriteObject(data);
        }
        else
        {
            _writer.WriteNullValue();
        }
    }

    private void WriteObject(ResultObject result)
    {
        var writer = _writer;
        var fields = result.SelectionSet.Fields;
        var values = result.Values;
        writer.WriteStartObject();
        for (var i = 0; i < fields.Length; i++)
        {
            var field = fields[i];
            writer.WritePropertyName(field.EncodedName);
            var value = values[i];
            if (ReferenceEquals(value, ResultObject.Direct))
            {
                field.DirectWriter!.Write(writer, result.Source);
            }
            else
            {
                WriteValue(value, field);
            }
        }

        writer.WriteEndObject();
    }

    private void WriteValue(object? value, CompiledField field)
    {
        switch (value)
        {
            case null:
                _writer.WriteNullValue();
                break;
            case not (ResultObject or ResultList) when field.StoresRawValue && field.Leaf is null:
                if (field.Definition.Type.Nullable is ListType)
                {
                    PureSelections.WriteList(_writer, value, field.SelectionSet!);
                }
                else
                {
                    PureSelections.WriteObject(_writer, value, field.SelectionSet!);
                }

                break;
            case ResultObject child:
                WriteObject(child);
                break;
            case ResultList list:
                _writer.WriteStartArray();
                foreach (var item in list.Values)
                {
                    WriteValue(item, field);
                }

                _writer.WriteEndArray();
                break;
            default:
                field.Leaf!.Write(_writer, value);
                break;
        }
    }

    private async ValueTask WriteObjectAsync(ResultObject result, int depth)
    {
        if (depth > AsyncDepth)
        {
            WriteObject(result);
            return;
        }

        var fields = result.SelectionSet.Fields;
        _writer.WriteStartObject();
        for (var i = 0; i < fields.Length; i++)
        {
            var field = fields[i];
            _writer.WritePropertyName(field.EncodedName);
            var value = result.Values[i];
            switch (value)
            {
                case ResultObject child:
                    await WriteObjectAsync(child, depth + 1).ConfigureAwait(false);
                    break;
                case ResultList list:
                    await WriteListAsync(list, field, depth + 1).ConfigureAwait(false);
                    break;
                case System.Collections.IList raw when field.StoresRawValue && field.Definition.Type.Nullable is ListType:
                    await WritePureListAsync(raw, field.SelectionSet!).ConfigureAwait(false);
                    break;
                default:
                    if (ReferenceEquals(value, ResultObject.Direct))
                    {
                        field.DirectWriter!.Write(_writer, result.Source);
                    }
                    else
                    {
                        WriteValue(value, field);
                    }

                    break;
            }
        }

        _writer.WriteEndObject();
    }

    private async ValueTask WriteListAsync(ResultList list, CompiledField field, int depth)
    {
        _writer.WriteStartArray();
        foreach (var item in list.Values)
        {
            switch (item)
            {
                case ResultObject child:
                    await WriteObjectAsync(child, depth + 1).ConfigureAwait(false);
                    break;
                case ResultList inner when depth < AsyncDepth:
                    await WriteListAsync(inner, field, depth + 1).ConfigureAwait(false);
                    break;
                default:
                    WriteValue(item, field);
                    break;
            }

            if (_writer.BytesCommitted + _writer.BytesPending - _flushedAt >= FlushThreshold)
            {
                await FlushAsync().ConfigureAwait(false);
            }
        }

        _writer.WriteEndArray();
    }

    private async ValueTask WritePureListAsync(System.Collections.IList items, CompiledSelectionSet selectionSet)
    {
        _writer.WriteStartArray();
        for (var i = 0; i < items.Count; i++)
        {
            var item = items[i];
            if (item is null)
            {
                _writer.WriteNullValue();
            }
            else
            {
                PureSelections.WriteObject(_writer, item, selectionSet);
            }

            if (_writer.BytesCommitted + _writer.BytesPending - _flushedAt >= FlushThreshold)
            {
                await FlushAsync().ConfigureAwait(false);
            }
        }

        _writer.WriteEndArray();
    }

    private async ValueTask FlushAsync()
    {
        _writer.Flush();
        _flushedAt = _writer.BytesCommitted;
        var result = await _pipe!.FlushAsync(_cancellationToken).ConfigureAwait(false);
        if (result.IsCanceled || result.IsCompleted)
        {
            throw new OperationCanceledException("The client stopped reading the response.");
        }
    }

    private void WriteError(GraphQlError error)
    {
        var writer = _writer;
        writer.WriteStartObject();
        writer.WriteString(MessageName, error.Message);
        if (error.Locations is { Count: > 0 } locations)
        {
            writer.WritePropertyName(LocationsName);
            writer.WriteStartArray();
            foreach (var location in locations)
            {
                writer.WriteStartObject();
                writer.WriteNumber(LineName, location.Line);
                writer.WriteNumber(ColumnName, location.Column);
                writer.WriteEndObject();
            }

            writer.WriteEndArray();
        }

        if (error.Path is { Count: > 0 } path)
        {
            writer.WritePropertyName(PathName);
            writer.WriteStartArray();
            foreach (var segment in path)
            {
                if (segment is int index)
                {
                    writer.WriteNumberValue(index);
                }
                else
                {
                    writer.WriteStringValue(segment.ToString());
                }
            }

            writer.WriteEndArray();
        }

        if (error.Code is not null || error.Extensions is { Count: > 0 })
        {
            writer.WritePropertyName(ExtensionsName);
            writer.WriteStartObject();
            if (error.Code is not null)
            {
                writer.WriteString(CodeName, error.Code);
            }

            if (error.Extensions is not null)
            {
                foreach (var (key, value) in error.Extensions)
                {
                    if (key != "code")
                    {
                        writer.WritePropertyName(key);
                        WritePlain(value);
                    }
                }
            }

            writer.WriteEndObject();
        }

        writer.WriteEndObject();
    }

    private void WriteMap(IReadOnlyDictionary<string, object?> map)
    {
        _writer.WriteStartObject();
        foreach (var (key, value) in map)
        {
            _writer.WritePropertyName(key);
            WritePlain(value);
        }

        _writer.WriteEndObject();
    }

    /// <summary>Extension values: JSON primitives, nested maps and lists.</summary>
    private void WritePlain(object? value)
    {
        switch (value)
        {
            case null: _writer.WriteNullValue(); break;
            case string s: _writer.WriteStringValue(s); break;
            case bool b: _writer.WriteBooleanValue(b); break;
            case int i: _writer.WriteNumberValue(i); break;
            case long l: _writer.WriteNumberValue(l); break;
            case double d when double.IsFinite(d): _writer.WriteNumberValue(d); break;
            case IReadOnlyDictionary<string, object?> map: WriteMap(map); break;
            case System.Collections.IEnumerable list:
                _writer.WriteStartArray();
                foreach (var item in list)
                {
                    WritePlain(item);
                }

                _writer.WriteEndArray();
                break;
            default: _writer.WriteStringValue(value.ToString()); break;
        }
    }
}
