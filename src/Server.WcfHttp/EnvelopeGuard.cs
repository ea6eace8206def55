using System.Xml;
using RpcCompare.Contracts.Wcf;

namespace RpcCompare.Server.WcfHttp;

/// <summary>
/// Reads each request through an XmlDictionaryReader with the stack's reader quotas before SoapCore sees it. SoapCore
/// 1.2.1.18 parses the whole envelope with XDocument.Load: it applies none of the encoder's ReaderQuotas, parses a DTD
/// and expands its entities (up to 10 million characters), and nests without limit (100,000 levels overflowed the
/// host's stack and ended the process). The dictionary text reader refuses a DOCTYPE and stops at the first quota, in
/// one pass over bytes it already holds; the request then goes on from that buffer.
/// </summary>
internal sealed class EnvelopeGuard(RequestDelegate next)
{
    public async Task InvokeAsync(HttpContext context)
    {
        if (!HttpMethods.IsPost(context.Request.Method))
        {
            await next(context);
            return;
        }

        byte[] body;
        try
        {
            body = await ReadAllAsync(context.Request.Body, context.RequestAborted);
        }
        catch (BadHttpRequestException e)
        {
            await SoapFaults.WriteAsync(context, e);
            return;
        }

        try
        {
            using var reader = XmlDictionaryReader.CreateTextReader(body, WcfLimits.ReaderQuotas());
            while (reader.Read())
            {
            }
        }
        catch (XmlException e)
        {
            await SoapFaults.WriteAsync(context, e);
            return;
        }

        context.Request.Body = new MemoryStream(body, writable: false);
        await next(context);
    }

    /// <summary>The whole body; Kestrel's request body limit bounds it (reading past it throws a 413).</summary>
    private static async Task<byte[]> ReadAllAsync(Stream body, CancellationToken cancellationToken)
    {
        using var buffer = new MemoryStream();
        await body.CopyToAsync(buffer, cancellationToken);
        return buffer.ToArray();
    }
}
