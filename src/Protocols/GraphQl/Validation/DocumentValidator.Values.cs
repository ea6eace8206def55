using RpcCompare.Protocols.GraphQl.Language;

namespace RpcCompare.Protocols.GraphQl.Validation;

internal sealed partial class DocumentValidator
{
    private const string ValuesRule = "Values-of-Correct-Type";

    /// <summary>Values of Correct Type and the Input Object rules; records variable usages with their expected type.</summary>
    private void ValidateValue(ValueNode value, GraphType type, bool hasLocationDefault)
    {
        if (value is VariableNode variable)
        {
            _current.VariableUsages.Add(new VariableUsage(variable, type, hasLocationDefault));
            return;
        }

        if (type is NonNullType nonNull)
        {
            if (value is NullValueNode)
            {
                Report($"Expected value of type {Quote(type.ToString())}, found null.", ValuesRule, value);
                return;
            }

            type = nonNull.OfType;
        }

        if (value is NullValueNode)
        {
            return;
        }

        switch (type)
        {
            case ListType list:
                if (value is ListValueNode items)
                {
                    foreach (var item in items.Items)
                    {
                        ValidateValue(item, list.OfType, false);
                    }
                }
                else
                {
                    ValidateValue(value, list.OfType, false);
                }

                break;
            case InputObjectType inputObject:
                ValidateInputObject(value, inputObject);
                break;
            case LeafType leaf:
                if (!leaf.IsValidLiteral(value))
                {
                    VisitValueWithoutType(value);
                    Report($"Expected value of type {Quote(leaf.Name)}, found {value}.", ValuesRule, value);
                }

                break;
        }
    }

    private void ValidateInputObject(ValueNode value, InputObjectType type)
    {
        if (value is not ObjectValueNode objectValue)
        {
            VisitValueWithoutType(value);
            Report($"Expected value of type {Quote(type.Name)}, found {value}.", ValuesRule, value);
            return;
        }

        for (var i = 0; i < objectValue.Fields.Count; i++)
        {
            var field = objectValue.Fields[i];
            for (var j = 0; j < i; j++)
            {
                if (objectValue.Fields[j].Name == field.Name)
                {
                    Report($"There can be only one input field named {Quote(field.Name)}.", "Input-Object-Field-Uniqueness", objectValue.Fields[j], field);
                    break;
                }
            }

            var definition = type.GetField(field.Name);
            if (definition is null)
            {
                Report($"Field {Quote(field.Name)} is not defined by type {Quote(type.Name)}.", "Input-Object-Field-Names", field);
                VisitValueWithoutType(field.Value);
                continue;
            }

            ValidateValue(field.Value, definition.Type, definition.HasDefaultValue);
        }

        foreach (var definition in type.Fields)
        {
            if (definition.Type.IsNonNull && !definition.HasDefaultValue && !objectValue.Fields.Any(f => f.Name == definition.Name))
            {
                Report(
                    $"Field {Quote(type.Name + "." + definition.Name)} of required type {Quote(definition.Type.ToString())} was not provided.",
                    "Input-Object-Required-Fields",
                    objectValue);
            }
        }
    }

    /// <summary>Records variables inside a value whose type is unknown, so they still count as used.</summary>
    private void VisitValueWithoutType(ValueNode value)
    {
        switch (value)
        {
            case VariableNode variable:
                _current.VariableUsages.Add(new VariableUsage(variable, null, false));
                break;
            case ListValueNode list:
                foreach (var item in list.Items)
                {
                    VisitValueWithoutType(item);
                }

                break;
            case ObjectValueNode obj:
                foreach (var field in obj.Fields)
                {
                    VisitValueWithoutType(field.Value);
                }

                break;
        }
    }
}
