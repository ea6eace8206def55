using System.Collections;
using System.Text.Json;

namespace RpcCompare.Protocols.GraphQl.Execution;

/// <summary>How a field of a pure selection set is read and written straight from its parent CLR object.</summary>
internal enum PureKind
{
    None,
    TypeName,
    Direct,
    Reference,
    Object,
    ObjectList,
}

/// <summary>
/// Selection sets made only of compiled property reads (the usual DTO case) need no result tree: the CLR objects
/// are checked once for non-null violations and unrepresentable values, then written straight from the objects.
/// A failed check sends the value down the normal path, which builds the tree and reports the errors, so the
/// result and its errors are the same either way. Property getters are assumed free of side effects.
/// </summary>
internal static class PureSelections
{
    public static PureKind Classify(CompiledField field)
    {
        if (field.IsTypeName)
        {
            return PureKind.TypeName;
        }

        var resolver = field.Definition.Resolver;
        if (!resolver.CanReadWhileWriting || field.Definition.Arguments.Count > 0)
        {
            return PureKind.None;
        }

        if (field.DirectWriter is not null)
        {
            return PureKind.Direct;
        }

        var type = field.Definition.Type.Nullable;
        return type switch
        {
            ScalarType scalar when !resolver.ResultType.IsValueType && resolver.ResultType == scalar.RuntimeType => PureKind.Reference,
            ObjectType when field.SelectionSet is { IsPure: true } && !resolver.ResultType.IsValueType => PureKind.Object,
            ListType { OfType.Nullable: ObjectType } when field.SelectionSet is { IsPure: true } => PureKind.ObjectList,
            _ => PureKind.None,
        };
    }

    /// <summary>True when writing <paramref name="source"/> with <paramref name="selectionSet"/> cannot produce an error.</summary>
    public static bool Validate(object source, CompiledSelectionSet selectionSet)
    {
        foreach (var field in selectionSet.Fields)
        {
            switch (field.Pure)
            {
                case PureKind.Direct:
                    if (field.DirectWriter!.RequiresCheck && !field.DirectWriter.CanWrite(source))
                    {
                        return false;
                    }

                    break;
                case PureKind.Reference:
                    if (field.IsNonNull && Read(field, source) is null)
                    {
                        return false;
                    }

                    break;
                case PureKind.Object:
                    var child = Read(field, source);
                    if (child is null ? field.IsNonNull : !Validate(child, field.SelectionSet!))
                    {
                        return false;
                    }

                    break;
                case PureKind.ObjectList:
                    if (!ValidateList(Read(field, source), field))
                    {
                        return false;
                    }

                    break;
            }
        }

        return true;
    }

    /// <summary>Checks a whole list value of <paramref name="field"/> (null allowed only when the field is nullable).</summary>
    public static bool ValidateList(object? value, CompiledField field)
    {
        if (value is null)
        {
            return !field.IsNonNull;
        }

        if (value is not IList items)
        {
            return false;
        }

        var itemsNonNull = ((ListType)field.Definition.Type.Nullable).OfType.IsNonNull;
        var selectionSet = field.SelectionSet!;
        for (var i = 0; i < items.Count; i++)
        {
            var item = items[i];
            if (item is null ? itemsNonNull : !Validate(item, selectionSet))
            {
                return false;
            }
        }

        return true;
    }

    public static void WriteObject(Utf8JsonWriter writer, object source, CompiledSelectionSet selectionSet)
    {
        writer.WriteStartObject();
        foreach (var field in selectionSet.Fields)
        {
            writer.WritePropertyName(field.EncodedName);
            switch (field.Pure)
            {
                case PureKind.TypeName:
                    writer.WriteStringValue(selectionSet.Type.Name);
                    break;
                case PureKind.Direct:
                    field.DirectWriter!.Write(writer, source);
                    break;
                case PureKind.Reference:
                    WriteLeaf(writer, Read(field, source), field);
                    break;
                case PureKind.Object:
                    var child = Read(field, source);
                    if (child is null)
                    {
                        writer.WriteNullValue();
                    }
                    else
                    {
                        WriteObject(writer, child, field.SelectionSet!);
                    }

                    break;
                case PureKind.ObjectList:
                    WriteList(writer, Read(field, source), field.SelectionSet!);
                    break;
            }
        }

        writer.WriteEndObject();
    }

    public static void WriteList(Utf8JsonWriter writer, object? value, CompiledSelectionSet selectionSet)
    {
        if (value is not IList items)
        {
            writer.WriteNullValue();
            return;
        }

        writer.WriteStartArray();
        for (var i = 0; i < items.Count; i++)
        {
            var item = items[i];
            if (item is null)
            {
                writer.WriteNullValue();
            }
            else
            {
                WriteObject(writer, item, selectionSet);
            }
        }

        writer.WriteEndArray();
    }

    private static void WriteLeaf(Utf8JsonWriter writer, object? value, CompiledField field)
    {
        if (value is null)
        {
            writer.WriteNullValue();
        }
        else
        {
            field.Leaf!.Write(writer, value);
        }
    }

    private static object? Read(CompiledField field, object source) =>
        field.Definition.Resolver.Resolve(source, default).Value;
}
