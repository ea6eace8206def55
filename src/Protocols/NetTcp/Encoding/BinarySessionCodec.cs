using System.Diagnostics;
using System.IO.Pipelines;
using System.Text;
using System.Xml;

namespace RpcCompare.Protocols.NetTcp;

/// <summary>
/// The "application/soap+msbinsession1" encoder of one connection, both directions ([MC-NBFSE]): every sized envelope
/// starts with a string table (its byte size, then each new session string as size + UTF-8) followed by the binary XML
/// ([MC-NBFX]/[MC-NBFS]) of the envelope. The writer, reader and both session dictionaries live as long as the connection,
/// as in WCF; the codec is used by one message at a time.
/// </summary>
internal sealed class BinarySessionCodec : IDisposable
{
    // Flush the pipe every so often while copying a large envelope, so it streams out instead of piling up in memory.
    private const int FlushThreshold = 64 * 1024;

    private readonly TrackingWriterSession _writerSession = new(BindingSettings.MaxSessionSize);
    private readonly SegmentedBufferStream _body = new();
    private readonly XmlBinaryReaderSession _readerSession = new();
    private readonly XmlDictionaryReaderQuotas _quotas;
    private XmlDictionaryWriter? _writer;
    private XmlDictionaryReader? _reader;
    private int _nextReaderKey;
    private int _readerSessionBytesRemaining = BindingSettings.MaxSessionSize;
    private int _tableSize;

    public BinarySessionCodec(XmlDictionaryReaderQuotas quotas) => _quotas = quotas;

    /// <summary>Starts a new outgoing envelope; anything written for an abandoned one is discarded.</summary>
    public XmlDictionaryWriter StartMessage()
    {
        _body.Reset();
        if (_writer is null)
        {
            _writer = XmlDictionaryWriter.CreateBinaryWriter(_body, SoapStaticDictionary.Instance, _writerSession, ownsStream: false);
        }
        else
        {
            ((IXmlBinaryWriterInitializer)_writer).SetOutput(_body, SoapStaticDictionary.Instance, _writerSession, ownsStream: false);
        }

        return _writer;
    }

    /// <summary>
    /// Finishes the envelope and returns the size of its sized-envelope record payload. Session strings added while
    /// writing an abandoned envelope stay pending and go out with the next one, so both dictionaries stay in step.
    /// </summary>
    public int CompleteMessage()
    {
        _writer!.Flush();
        var table = 0;
        foreach (var value in _writerSession.Pending)
        {
            var byteCount = Encoding.UTF8.GetByteCount(value);
            table += MultiByteInt31.GetEncodedSize(byteCount) + byteCount;
        }

        var total = MultiByteInt31.GetEncodedSize(table) + table + _body.Length;
        if (total > int.MaxValue)
        {
            throw new QuotaExceededException($"The envelope is {total} bytes; a framing record holds at most {int.MaxValue} bytes.");
        }

        _tableSize = table;
        return (int)total;
    }

    /// <summary>
    /// Writes the Sized Envelope record of the completed envelope and flushes it. Returns the Stopwatch ticks its flushes
    /// waited for the transport: only the flushes that did not complete at once, which the connection's output pipe
    /// holds back while it is over its pause threshold because the socket does not take more (the client has not read).
    /// </summary>
    public async ValueTask<long> WriteEnvelopeAsync(PipeWriter output, int payloadSize, CancellationToken cancellationToken)
    {
        FrameWriter.WriteSizedEnvelopeHeader(output, payloadSize);
        MultiByteInt31.Write(output, _tableSize);
        foreach (var value in _writerSession.Pending)
        {
            var byteCount = Encoding.UTF8.GetByteCount(value);
            MultiByteInt31.Write(output, byteCount);
            output.Advance(Encoding.UTF8.GetBytes(value, output.GetSpan(byteCount)));
        }

        _writerSession.ClearPending();
        long blocked = 0;
        var unflushed = 0;
        foreach (var segment in _body.GetSegments())
        {
            var remaining = segment;
            while (!remaining.IsEmpty)
            {
                var span = output.GetSpan();
                var count = Math.Min(span.Length, remaining.Length);
                remaining.Span[..count].CopyTo(span);
                output.Advance(count);
                remaining = remaining[count..];
                unflushed += count;
                if (unflushed >= FlushThreshold)
                {
                    blocked += await FlushAsync(output, cancellationToken);
                    unflushed = 0;
                }
            }
        }

        return blocked + await FlushAsync(output, cancellationToken);
    }

    /// <summary>
    /// Takes the string table off an incoming envelope into the reader session and returns a reader over its XML.
    /// The reader reads from <paramref name="buffer"/>, which must stay untouched until the caller is done with it.
    /// </summary>
    /// <exception cref="InvalidDataException">The string table is malformed.</exception>
    /// <exception cref="QuotaExceededException">The session dictionary would exceed MaxSessionSize.</exception>
    public XmlDictionaryReader OpenMessage(byte[] buffer, int count)
    {
        var offset = ReadStringTable(buffer.AsSpan(0, count));
        // A new reader for every envelope. One reused through IXmlBinaryReaderInitializer.SetInput keeps state from the
        // previous envelope: a truncated envelope after a complete one made its end-of-file error path read stale element
        // names and throw IndexOutOfRangeException instead of XmlException (found by tests/fuzz; closing it first did not help).
        _reader?.Dispose();
        _reader = XmlDictionaryReader.CreateBinaryReader(buffer, offset, count - offset, SoapStaticDictionary.Instance, _quotas, _readerSession);
        return _reader;
    }

    /// <summary>
    /// Ends reading the current incoming envelope. The binary reader keeps node objects between messages: one per element
    /// level reached (bounded by MaxDepth) but also one per attribute of the widest element and every namespace declared,
    /// which no reader quota bounds. Closing it, as WCF's encoder does before reusing a reader, drops those kept for more
    /// than a few nodes; after a message that failed to read, the reader is discarded instead, since it stopped somewhere
    /// inside the envelope. Either way the session dictionary stays: it lives in the reader session, not in the reader.
    /// </summary>
    public void CloseMessage(bool failed)
    {
        if (_reader is null)
        {
            return;
        }

        if (failed)
        {
            _reader.Dispose();
            _reader = null;
        }
        else
        {
            _reader.Close();
        }
    }

    public void Dispose()
    {
        _writer?.Dispose();
        _reader?.Dispose();
        _body.Dispose();
    }

    /// <summary>Flushes; returns the Stopwatch ticks it waited, 0 when it completed at once.</summary>
    private static async ValueTask<long> FlushAsync(PipeWriter output, CancellationToken cancellationToken)
    {
        var pending = output.FlushAsync(cancellationToken);
        var waited = !pending.IsCompleted;
        long started = waited ? Stopwatch.GetTimestamp() : 0;
        var result = await pending;
        if (result.IsCompleted || result.IsCanceled)
        {
            throw new IOException("The connection was closed while an envelope was being sent.");
        }
        return waited ? Stopwatch.GetTimestamp() - started : 0;
    }

    private int ReadStringTable(ReadOnlySpan<byte> envelope)
    {
        var headerSize = MultiByteInt31.Decode(envelope, out var tableSize);
        if (tableSize > envelope.Length - headerSize)
        {
            throw new InvalidDataException($"The binary session string table claims {tableSize} bytes but the envelope has only {envelope.Length - headerSize}.");
        }

        if (tableSize > 0)
        {
            if (tableSize > _readerSessionBytesRemaining)
            {
                throw new QuotaExceededException(
                    $"The binary encoder session information exceeded the maximum size quota ({BindingSettings.MaxSessionSize}). " +
                    "The peer added more in-band dictionary strings than the MaxSessionSize of the binary encoder allows.");
            }

            _readerSessionBytesRemaining -= tableSize;
            var table = envelope.Slice(headerSize, tableSize);
            while (!table.IsEmpty)
            {
                var used = MultiByteInt31.Decode(table, out var length);
                table = table[used..];
                if (length > table.Length)
                {
                    throw new InvalidDataException("A string in the binary session string table runs past the end of the table.");
                }

                _readerSession.Add(_nextReaderKey++, Encoding.UTF8.GetString(table[..length]));
                table = table[length..];
            }
        }

        return headerSize + tableSize;
    }
}
